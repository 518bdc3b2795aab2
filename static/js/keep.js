// Nothing entered is lost with bad reception (docs/offline.md). Optional: without it
// (or without JavaScript) every form posts and every page loads as before.
(() => {
  "use strict";
  if (window.scorepadKeep) return;
  window.scorepadKeep = true;

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }

  const body = document.body;
  const byId = (id) => document.getElementById(id);
  const lang = document.documentElement.lang;

  // The page's words (templates/base.html), in its language; {name} filled in.
  const say = (name, values = {}) =>
    Object.keys(values).reduce(
      (text, key) => text.replace(`{${key}}`, values[key]),
      body.dataset["words" + name] || ""
    );

  const hhmm = (moment) =>
    moment.toLocaleTimeString(lang || [], { hour: "2-digit", minute: "2-digit" });

  const within = (elt, id) => !!elt?.closest?.("#" + id);

  // ---- At the table, and on a player's own phone -----------------------------
  // The keeper's table (#table) or a player's phone (#seat, scorepad/views/seats.py):
  // a tap made without a connection waits on the phone and is sent again, alike.
  const screen = byId("table") ? "table" : byId("seat") ? "seat" : null;
  const STORE = "scorepad-taps:" + location.pathname;
  // The server's own words when it could not take a tap for a while (507: its disk
  // is full), said in place of "waiting" until a tap goes in.
  let problem = "";
  const heard = (status, text) => {
    problem = status === 507 ? text : "";
  };

  function queued() {
    try {
      const taps = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(taps) ? taps : [];
    } catch (error) {
      return [];
    }
  }

  function keep(taps) {
    if (taps.length) localStorage.setItem(STORE, JSON.stringify(taps));
    else localStorage.removeItem(STORE);
  }

  // A line above the screen: #tap-status (waiting, kept) or #copy-note; "" removes it.
  function note(text, kind, id = "tap-status") {
    const table = byId(screen);
    let shown = byId(id);
    if (!text) return shown?.remove();
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
    const taps = queued();
    const count = taps.length;
    byId(screen).inert = count > 0; // nothing more to tap until the server answers
    if (count) {
      // "1 tap" or "2 taps": the page gives both forms, the language's rule picks one.
      const form = new Intl.PluralRules(lang || "en").select(count);
      // Which values wait: "Bob bids 2: not saved yet."
      const which = taps.filter((tap) => tap.what).map((tap) => say("NotSaved", { what: tap.what }));
      note(
        problem || [say(form === "one" ? "WaitingOne" : "WaitingOther", { count }), ...which].join(" "),
        "waiting",
      );
    } else if (document.querySelector("#tap-status.waiting")) {
      note("");
    }
  }

  // A table the server drew: on screen, and kept as this phone's copy.
  function drawn(html) {
    if (html && window.htmx?.swap) htmx.swap(byId(screen), html, { swapStyle: "outerHTML" });
    else if (html) location.reload();
    if (body.dataset.copy) {
      delete body.dataset.copy; // the server answered: no longer a copy
      note("", "", "copy-note");
    }
    showWaiting();
    copyTable();
  }

  let sending = false;
  let wait = 1000;
  let timer = null;

  function later() {
    clearTimeout(timer);
    timer = setTimeout(retry, wait);
    wait = Math.min(wait * 2, 10000);
  }

  async function send() {
    const taps = queued();
    if (sending || !taps.length) return;
    sending = true;
    let answered = false;
    try {
      const response = await fetch(taps[0].path, {
        method: "POST",
        body: new URLSearchParams(taps[0].pairs),
        // Sent again: if it was entered before (its answer lost), the server says so.
        headers: {
          "HX-Request": "true",
          "Scorepad-Replay": "1",
          ...JSON.parse(body.getAttribute("hx-headers")), // the CSRF token
        },
        credentials: "same-origin",
      });
      const html = await response.text();
      answered = true;
      heard(response.status, html);
      if (response.status >= 500) {
        showWaiting();
        throw new Error(response.status);
      }
      sending = false;
      wait = 1000;
      if (response.headers.get("HX-Refresh") === "true") {
        keep([]); // a player's seat released meanwhile: its page says so
        location.reload();
        return;
      }
      // Refused (409, 400): the table says why; the rest was made on the same screen.
      keep(response.ok ? queued().slice(1) : []);
      note("");
      drawn(html);
      if (queued().length) send();
      else if (response.ok) note(say("Kept"), "kept");
    } catch (error) {
      sending = false; // still no connection: kept, tried again shortly
      if (!answered) {
        heard(0, "");
        showWaiting();
      }
      later();
    }
  }

  // Taps waiting go first; a copy (or the offline page) reloads once the server answers.
  function retry() {
    if (queued().length) send();
    else if (body.dataset.copy || byId("offline")) {
      fetch(location.href, { cache: "no-store" }).then(() => location.reload(), later);
    }
  }

  function watchConnection() {
    const now = () => {
      wait = 1000;
      retry();
    };
    window.addEventListener("online", now);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") now();
    });
  }

  // The notes stay at the top (scorepad.css): a table drawn anew (another phone's tap)
  // may bring them over the question scrolled to; the page moves by what they cover.
  function uncover() {
    const notes = byId(screen)?.querySelector(".notes");
    const question = byId(screen)?.querySelector("#step .who, #step .prompt, .prompt.now");
    if (!notes || !question || getComputedStyle(notes).position !== "sticky") return;
    const covered = notes.getBoundingClientRect().bottom - question.getBoundingClientRect().top;
    if (covered > 0 && question.getBoundingClientRect().bottom > 0) window.scrollBy(0, -covered - 8);
  }

  // This phone's copy of the table, as on screen, by its path: sw.js serves it
  // without a connection. The ten last drawn are kept.
  const TABLES = "scorepad-tables";

  async function copyTable() {
    // The keeper's table only: sw.js serves copies of /g/<key>/ alone.
    if (screen !== "table" || !window.caches || body.dataset.copy) return;
    const page = document.documentElement.cloneNode(true);
    page.querySelectorAll("#tap-status, #copy-note").forEach((elt) => elt.remove());
    page.querySelectorAll("[inert]").forEach((elt) => elt.removeAttribute("inert"));
    page.querySelector("body").dataset.copy = new Date().toISOString();
    // Served from here, without the server's headers: its policy goes in the page.
    const policy = document.createElement("meta");
    policy.httpEquiv = "Content-Security-Policy";
    policy.content = "default-src 'self'; img-src 'self' data:; base-uri 'none'";
    page.querySelector("head").prepend(policy);
    try {
      const kept = await caches.open(TABLES);
      await kept.put(location.pathname, new Response("<!DOCTYPE html>\n" + page.outerHTML, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }));
      (await kept.keys()).slice(0, -10).forEach((old) => kept.delete(old)); // oldest first
    } catch (error) {}
  }

  function atTheTable() {
    // A tap that did not reach the server, or that the server could not take just
    // then (5xx: "try again in a few seconds", a database out of reach, more work than
    // it can do) is kept and sent again, as the ones made without a connection.
    const keepTap = (event) => {
      const config = event.detail.requestConfig;
      if (config?.verb !== "post" || !within(config.elt, screen)) return;
      const pairs = [...config.formData].filter(([, value]) => typeof value === "string");
      // What it enters, in the table's words: its question, and the value tapped.
      const form = config.elt.closest?.("form");
      const button = config.triggeringEvent?.submitter;
      const what = [
        form?.querySelector(".prompt")?.textContent,
        button?.name === "value" ? button.textContent : "",
      ].map((words) => (words || "").trim()).filter(Boolean).join(" ");
      keep([...queued(), { path: config.path, pairs, what }]); // the version among the pairs
      showWaiting();
      later();
    };
    body.addEventListener("htmx:sendError", (event) => {
      heard(0, "");
      keepTap(event);
    });
    body.addEventListener("htmx:responseError", (event) => {
      const xhr = event.detail.xhr;
      if ((xhr?.status ?? 0) < 500) return;
      heard(xhr.status, xhr.responseText);
      keepTap(event);
    });
    body.addEventListener("htmx:afterSettle", () => {
      drawn();
      uncover();
    });
    // The keeper taps on: a message shown earlier has been read.
    body.addEventListener("htmx:beforeRequest", (event) => {
      const elt = event.detail.elt;
      if (elt.matches?.("[data-poll]")) return; // a poll is no tap: its note stays
      if (within(elt, screen) && !queued().length) note("");
    });
    if (body.dataset.copy) {
      note(say("Copy", { time: hhmm(new Date(body.dataset.copy)) }), "copy", "copy-note");
    }
    watchConnection();
    showWaiting();
    copyTable();
    retry();
  }

  // The offline page, served in place of the page asked for: "Try again" opens it.
  // It lists the tables kept on this phone, newest first: they open without a connection.
  async function offlinePage() {
    if (location.pathname !== byId("offline").dataset.path) {
      byId("try-again").href = location.href;
      watchConnection();
      later();
    }
    try {
      const kept = await caches.open(TABLES);
      const list = byId("kept-tables");
      for (const request of (await kept.keys()).reverse()) {
        const html = await (await kept.match(request)).text();
        const link = document.createElement("a");
        link.href = request.url;
        link.className = "button secondary";
        link.textContent = new DOMParser().parseFromString(html, "text/html").title;
        list.lastElementChild.append(link);
        list.hidden = false;
      }
    } catch (error) {}
  }

  // ---- The screen kept on while a game is played (docs/dev/offline.md) ---------
  // The Wake Lock where the browser gives it, else a muted looping video behind the
  // page, which a browser plays only after a tap: any tap starts it.
  const AWAKE = "scorepad-awake"; // "off": this phone's own choice

  function keepAwake(toggle) {
    let lock = null;
    let video = null;
    toggle.checked = localStorage.getItem(AWAKE) !== "off";
    toggle.closest(".keep-awake").hidden = false;
    const wanted = () =>
      toggle.checked && document.visibilityState === "visible" && !document.querySelector("[data-over]");

    function play() {
      if (!video) {
        video = document.createElement("video");
        video.className = "keep-awake-video";
        video.muted = true;
        video.loop = true;
        video.playsInline = true;
        video.setAttribute("aria-hidden", "true");
        for (const type of ["webm", "mp4"]) {
          const source = document.createElement("source");
          source.src = toggle.dataset[type];
          source.type = "video/" + type;
          video.append(source);
        }
        body.append(video);
      }
      video.play().catch(() => {}); // refused before the first tap: the tap starts it
    }

    function hold() {
      if (!wanted()) {
        lock?.then((held) => held?.release());
        lock = null;
        return video?.pause();
      }
      if (!("wakeLock" in navigator)) return play();
      if (lock) return;
      // Asked once at a time; the browser releases it when the page is hidden.
      const asked = navigator.wakeLock.request("screen").then((held) => {
        held.addEventListener("release", () => { if (lock === asked) lock = null; });
        return held;
      }, () => {
        if (lock === asked) lock = null;
        play(); // refused (a policy, a battery saver): the video instead
        return null;
      });
      lock = asked;
    }

    toggle.addEventListener("change", () => {
      localStorage.setItem(AWAKE, toggle.checked ? "on" : "off");
      hold();
    });
    document.addEventListener("visibilitychange", hold);
    document.addEventListener("click", hold, true);
    body.addEventListener("htmx:afterSettle", hold); // the game over: released
    hold();
  }

  // ---- The viewer ----------------------------------------------------------
  function watching() {
    let updated = new Date();
    body.addEventListener("htmx:afterRequest", (event) => {
      if (!within(event.detail.elt, "live")) return;
      if (event.detail.successful) {
        updated = new Date();
        return;
      }
      const live = document.querySelector("#live .live-note");
      if (live) {
        live.classList.add("stale");
        live.firstChild.textContent = say("Reconnecting", { time: hhmm(updated) }) + " ";
      }
    });
  }

  if (screen) atTheTable();
  if (byId("offline")) offlinePage();
  if (byId("live")) watching();
  if (byId("keep-awake")) keepAwake(byId("keep-awake"));
})();
