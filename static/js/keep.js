// Nothing entered is lost with bad reception. All of it optional: without this file
// (or without JavaScript) every form posts and every page loads as before.
// - The service worker: installable, static files and an offline page at hand.
// - At the table: a tap made without a connection waits on this phone (localStorage),
//   is sent when the connection is back, in order, each with the version it was made
//   at; the server refuses a tap that no longer fits (409), so none is applied twice.
// - The screen stays on while a game is open (Screen Wake Lock, where there is one).
// - The viewer says when its polls fail: "Last updated 20:41, reconnecting".
(function () {
  "use strict";
  if (window.scorepadKeep) return;
  window.scorepadKeep = true;

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  // The page's words (templates/base.html), in its language; {name} filled in.
  function say(name, values) {
    var text = document.body.dataset["words" + name] || "";
    Object.keys(values || {}).forEach(function (key) {
      text = text.replace("{" + key + "}", values[key]);
    });
    return text;
  }

  function hhmm(moment) {
    return moment.toLocaleTimeString(document.documentElement.lang || [], {
      hour: "2-digit", minute: "2-digit",
    });
  }

  function within(elt, id) {
    return !!(elt && elt.closest && elt.closest("#" + id));
  }

  // ---- At the table -------------------------------------------------------
  var STORE = "scorepad-taps:" + location.pathname;

  function queued() {
    try {
      var taps = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(taps) ? taps : [];
    } catch (error) {
      return [];
    }
  }

  function keep(taps) {
    if (taps.length) localStorage.setItem(STORE, JSON.stringify(taps));
    else localStorage.removeItem(STORE);
  }

  function note(text, kind) {
    var table = document.getElementById("table");
    var shown = document.getElementById("tap-status");
    if (!text) {
      if (shown) shown.remove();
      return;
    }
    if (!shown) {
      shown = document.createElement("p");
      shown.id = "tap-status";
      shown.setAttribute("role", kind === "waiting" ? "status" : "alert");
      if (table) table.parentNode.insertBefore(shown, table);
      else document.querySelector("main").prepend(shown);
    }
    shown.className = "tap-status " + kind;
    shown.textContent = text;
  }

  function showWaiting() {
    var count = queued().length;
    var table = document.getElementById("table");
    if (table) table.inert = count > 0; // nothing more to tap until the server answers
    if (count) {
      // "1 tap" or "2 taps": the page gives both forms, the language's rule picks one.
      var form = new Intl.PluralRules(document.documentElement.lang || "en").select(count);
      note(say(form === "one" ? "WaitingOne" : "WaitingOther", { count: count }), "waiting");
    } else if (document.getElementById("tap-status") &&
               document.getElementById("tap-status").classList.contains("waiting")) {
      note("");
    }
  }

  function swapTable(html) {
    var table = document.getElementById("table");
    if (!table) return;
    if (window.htmx && htmx.swap) htmx.swap(table, html, { swapStyle: "outerHTML" });
    else location.reload();
  }

  function csrfHeader() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    } catch (error) {
      return {};
    }
  }

  var sending = false;

  function send() {
    var taps = queued();
    if (sending || !taps.length) return;
    sending = true;
    var tap = taps[0];
    var headers = Object.assign({ "HX-Request": "true" }, csrfHeader());
    fetch(tap.path, {
      method: "POST",
      body: new URLSearchParams(tap.pairs),
      headers: headers,
      credentials: "same-origin",
    }).then(function (response) {
      return response.text().then(function (html) {
        sending = false;
        if (response.status >= 500) throw new Error("server " + response.status);
        if (response.ok) {
          keep(queued().slice(1));
          swapTable(html);
          showWaiting();
          send();
          return;
        }
        // 409 (someone entered meanwhile) or 400 (no longer allowed): the rest of the
        // queue was made on the same old screen, so it is dropped too.
        keep([]);
        swapTable(html);
        showWaiting();
        note(response.status === 409
          ? say("Changed")
          : say("NoFit"),
          "refused");
      });
    }).catch(function () {
      sending = false; // still no connection: kept, tried again later
    });
  }

  function atTheTable() {
    document.body.addEventListener("htmx:sendError", function (event) {
      var config = event.detail.requestConfig;
      if (!config || config.verb !== "post" || !within(config.elt, "table")) return;
      var pairs = [];
      config.formData.forEach(function (value, name) {
        if (typeof value === "string") pairs.push([name, value]);
      });
      var taps = queued();
      taps.push({ path: config.path, pairs: pairs, version: config.formData.get("version"),
                  made: new Date().toISOString() });
      keep(taps);
      showWaiting();
    });
    document.body.addEventListener("htmx:afterSettle", showWaiting);
    // The keeper taps on: a refusal shown earlier has been read.
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      var shown = document.getElementById("tap-status");
      if (shown && shown.classList.contains("refused") && within(event.detail.elt, "table")) {
        note("");
      }
    });
    window.addEventListener("online", send);
    setInterval(send, 5000);
    showWaiting();
    send();
    stayAwake();
  }

  function stayAwake() {
    if (!("wakeLock" in navigator)) return;
    var lock = null;
    function ask() {
      if (lock || document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(function (held) {
        lock = held;
        held.addEventListener("release", function () { lock = null; });
      }).catch(function () {});
    }
    document.addEventListener("visibilitychange", ask);
    ask();
  }

  // ---- The viewer ----------------------------------------------------------
  function watching() {
    var updated = new Date();
    document.body.addEventListener("htmx:afterRequest", function (event) {
      if (!within(event.detail.elt, "live")) return;
      if (event.detail.successful) {
        updated = new Date();
        return;
      }
      var live = document.querySelector("#live .live-note");
      if (live) {
        live.classList.add("stale");
        live.firstChild.textContent = say("Reconnecting", { time: hhmm(updated) }) + " ";
      }
    });
  }

  if (document.getElementById("table")) atTheTable();
  if (document.getElementById("live")) watching();
})();
