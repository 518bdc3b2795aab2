// Nothing entered is lost with bad reception (docs/offline.md). Optional: without it
// (or without JavaScript) every form posts and every page loads as before.
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
  var body = document.body;

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

  // A line above the table: #tap-status (waiting, kept) or #copy-note; "" removes it.
  function note(text, kind, id) {
    id = id || "tap-status";
    var table = document.getElementById("table");
    var shown = document.getElementById(id);
    if (!text) {
      if (shown) shown.remove();
      return;
    }
    if (!shown) {
      shown = document.createElement("p");
      shown.id = id;
      shown.setAttribute("role", "status");
      table.parentNode.insertBefore(shown, id === "copy-note" ? table.parentNode.firstChild : table);
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
    } else if (document.querySelector("#tap-status.waiting")) {
      note("");
    }
  }

  // A table the server drew: on screen, and kept as this phone's copy.
  function drawn(html) {
    var table = document.getElementById("table");
    if (html && window.htmx && htmx.swap) htmx.swap(table, html, { swapStyle: "outerHTML" });
    else if (html) location.reload();
    if (body.dataset.copy) {
      delete body.dataset.copy; // the server answered: no longer a copy
      note("", "", "copy-note");
    }
    showWaiting();
    copyTable();
  }

  function csrfHeader() {
    try {
      return JSON.parse(body.getAttribute("hx-headers") || "{}");
    } catch (error) {
      return {};
    }
  }

  var sending = false;
  var wait = 1000;
  var timer = null;

  function later() {
    clearTimeout(timer);
    timer = setTimeout(retry, wait);
    wait = Math.min(wait * 2, 10000);
  }

  function send() {
    var taps = queued();
    if (sending || !taps.length) return;
    sending = true;
    // Sent again: if it was entered before (its answer lost), the server says so.
    var headers = Object.assign({ "HX-Request": "true", "Scorepad-Replay": "1" }, csrfHeader());
    fetch(taps[0].path, {
      method: "POST",
      body: new URLSearchParams(taps[0].pairs),
      headers: headers,
      credentials: "same-origin",
    }).then(function (response) {
      return response.text().then(function (html) {
        sending = false;
        if (response.status >= 500) throw new Error("server " + response.status);
        wait = 1000;
        // Refused (409, 400): the table says why; the rest was made on the same screen.
        keep(response.ok ? queued().slice(1) : []);
        note("");
        drawn(html);
        if (queued().length) send();
        else if (response.ok) note(say("Kept"), "kept");
      });
    }).catch(function () {
      sending = false; // still no connection: kept, tried again shortly
      later();
    });
  }

  // Taps waiting go first; a copy (or the offline page) reloads once the server answers.
  function retry() {
    if (queued().length) {
      send();
    } else if (body.dataset.copy || document.getElementById("offline")) {
      fetch(location.href, { cache: "no-store" }).then(function () {
        location.reload();
      }, later);
    }
  }

  function watchConnection() {
    function now() {
      wait = 1000;
      retry();
    }
    window.addEventListener("online", now);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") now();
    });
  }

  // This phone's copy of the table, as on screen, by its path: sw.js serves it
  // without a connection. The ten last drawn are kept.
  var TABLES = "scorepad-tables";

  function copyTable() {
    if (!window.caches || body.dataset.copy) return;
    var page = document.documentElement.cloneNode(true);
    page.querySelectorAll("#tap-status, #copy-note").forEach(function (elt) { elt.remove(); });
    page.querySelectorAll("[inert]").forEach(function (elt) { elt.removeAttribute("inert"); });
    page.querySelector("body").setAttribute("data-copy", new Date().toISOString());
    // Served from here, without the server's headers: its policy goes in the page.
    var policy = document.createElement("meta");
    policy.httpEquiv = "Content-Security-Policy";
    policy.content = "default-src 'self'; img-src 'self' data:; base-uri 'none'";
    page.querySelector("head").prepend(policy);
    var copy = new Response("<!DOCTYPE html>\n" + page.outerHTML, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    caches.open(TABLES).then(function (kept) {
      return kept.put(location.pathname, copy).then(function () {
        return kept.keys();
      }).then(function (all) {
        all.slice(0, -10).forEach(function (old) { kept.delete(old); }); // oldest first
      });
    }).catch(function () {});
  }

  function atTheTable() {
    body.addEventListener("htmx:sendError", function (event) {
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
      later();
    });
    body.addEventListener("htmx:afterSettle", function () { drawn(); });
    // The keeper taps on: a message shown earlier has been read.
    body.addEventListener("htmx:beforeRequest", function (event) {
      if (within(event.detail.elt, "table") && !queued().length) note("");
    });
    if (body.dataset.copy) note(say("Copy", { time: hhmm(new Date(body.dataset.copy)) }), "copy", "copy-note");
    watchConnection();
    showWaiting();
    copyTable();
    retry();
    stayAwake();
  }

  // The offline page, served in place of the page asked for: "Try again" opens it.
  function offlinePage() {
    if (location.pathname === document.getElementById("offline").dataset.path) return;
    document.getElementById("try-again").href = location.href;
    watchConnection();
    later();
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
    body.addEventListener("htmx:afterRequest", function (event) {
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
  if (document.getElementById("offline")) offlinePage();
  if (document.getElementById("live")) watching();
})();
