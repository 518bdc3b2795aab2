// Live updates (scorepad/views/live.py): a stream opens with the version shown (?v=),
// an event older than the screen is dropped, a dropped stream is said, and a refused
// one falls back to polling ([data-poll]), trying the stream again now and then.
"use strict";

(function () {
  var root = document.querySelector("[data-live]");
  if (!root) return;

  // Play again on a player's phone: it follows to its seat at the new game
  // (templates/seat.html, [data-follow]), as soon as it hears of it, pushed or polled.
  function follow(part) {
    var found = part.matches && part.matches("[data-follow]") ? part : null;
    found = found || (part.querySelector ? part.querySelector("[data-follow]") : null);
    if (found) location.assign(found.dataset.follow);
  }
  follow(root);
  if (window.htmx) htmx.onLoad(follow);
  var QUIET = 1500; // ms: a stream back within this is not worth a note
  var RETRY = 60000; // ms: while polling, how often to try the stream again
  var noteTimer = null;
  // No stream offered (a WSGI server: see the `streams` filter): poll where the page
  // can, as before live updates, and say nothing where it cannot (the keeper's table).
  if (!root.hasAttribute("sse-connect")) {
    root.dataset.liveMode = "polling";
    return;
  }
  var base = root.getAttribute("sse-connect").split("?")[0];

  // Kept in a copy of the page (static/js/keep.js keeps the table's): used again.
  var status = root.querySelector(".live-status") || document.createElement("p");
  status.className = "live-status";
  status.setAttribute("role", "status");
  status.hidden = true;
  status.textContent = "";
  root.prepend(status);

  function mode(name) {
    root.dataset.liveMode = name;
  }

  // The words come from the page (templates/_live_words.html), in its language.
  function say(words) {
    status.textContent = words || "";
    status.hidden = !words;
  }

  // The version a part of the page shows: its own data-version (the viewer's parts),
  // or that of its forms (the keeper's table); the oldest, if several.
  function shown(part) {
    if (part.dataset.version) return Number(part.dataset.version);
    return least(part);
  }

  function least(within) {
    var oldest = null;
    within.querySelectorAll("[data-version], input[name=version]").forEach(function (each) {
      var version = Number(each.dataset.version || each.value);
      if (oldest === null || version < oldest) oldest = version;
    });
    return oldest;
  }

  // What the extension gets in place of a stream while the page polls.
  function quiet() {
    var nothing = function () {};
    return { readyState: 2, close: nothing, addEventListener: nothing, removeEventListener: nothing };
  }

  function poll() {
    mode("polling");
    clearTimeout(noteTimer);
    say(root.querySelector("[data-poll]") ? root.dataset.wordsLivePolling : root.dataset.wordsLiveOff);
  }

  mode("connecting");
  if (!window.EventSource || !window.htmx) {
    poll();
    return;
  }

  htmx.createEventSource = function () {
    if (root.dataset.liveMode === "polling") return quiet();
    var version = shown(root);
    return new EventSource(version === null ? base : base + "?v=" + version);
  };

  // What a stream sends is drawn for everyone, with empty CSRF fields (scorepad/screens/everyone.py):
  // htmx sends the page's token as a header, but a plain form (Play again, Undo: bring
  // it back) posts its field, so it gets the page's own token.
  htmx.onLoad(function (part) {
    var fields = part.querySelectorAll ? part.querySelectorAll("input[name=csrfmiddlewaretoken]") : [];
    if (!fields.length) return;
    var token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"];
    fields.forEach(function (field) {
      if (!field.value && token) field.value = token;
    });
  });

  // -- A stream open, but silent: say when it was last heard, and read the game. ------
  // The server says it is there every few seconds ("alive", the seconds to the next)
  // and, when it cannot draw a change in time, that the game moved on ("behind", the
  // version): the page then reads the game itself, as a poll would, and says so. So
  // does a page that has heard nothing for a few beats (a stuck stream, a server
  // too busy to speak).
  var heard = Date.now();
  var beat = 4000; // ms, until the server says otherwise
  var catching = false;
  var behindNoted = false;

  function hhmmss(moment) {
    return moment.toLocaleTimeString(document.documentElement.lang || [], {
      hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
  }

  function hear() {
    heard = Date.now();
    if (behindNoted) {
      behindNoted = false;
      if (root.dataset.liveMode === "on") say("");
    }
  }

  // The page itself, for the part the stream would have sent: its fragment (htmx's
  // request), swapped in where it is newer than what is shown.
  function catchUp() {
    if (catching || root.querySelector(".htmx-request:not([data-poll])")) return;
    catching = true;
    var since = shown(root);
    var page = base.replace(/live\/$/, "") + (since === null ? "" : "?since=" + since);
    fetch(page, { headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 410) location.reload(); // a seat released meanwhile
        return response.status === 200 ? response.text() : "";
      })
      .then(function (html) {
        // Each part of the answer (the sheet's page has two) in place of its own.
        var answer = document.createElement("template");
        answer.innerHTML = html || "";
        var fresh = least(answer.content);
        var now = shown(root);
        if (fresh !== null && (now === null || fresh > now)) {
          Array.prototype.forEach.call(answer.content.children, function (part) {
            var here = part.id && document.getElementById(part.id);
            if (here) htmx.swap(here, part.outerHTML, { swapStyle: "outerHTML" });
          });
        }
        hear();
      })
      .catch(function () {})
      .then(function () {
        catching = false;
      });
  }

  function behind() {
    behindNoted = true;
    say(root.dataset.wordsLiveBehind.replace("{time}", hhmmss(new Date(heard))));
    catchUp();
  }

  setInterval(function () {
    if (root.dataset.liveMode === "on" && Date.now() - heard > 2.5 * beat) behind();
  }, 1000);

  root.addEventListener("htmx:sseOpen", function (event) {
    clearTimeout(noteTimer);
    mode("on");
    say("");
    hear();
    var source = event.detail && event.detail.source;
    if (!source || source.scorepadHeard) return;
    source.scorepadHeard = true;
    source.addEventListener("alive", function (message) {
      var seconds = Number(message.data);
      if (seconds > 0) beat = 1000 * seconds;
      hear();
    });
    source.addEventListener("behind", function (message) {
      var now = shown(root);
      var version = Number(message.data); // "now": a version the server did not read
      if (now === null || isNaN(version) || version > now) {
        behind();
      } else {
        hear();
      }
    });
  });

  root.addEventListener("htmx:sseError", function (event) {
    var source = event.detail && event.detail.source;
    // A seat released (templates/seat_released.html): nothing more to hear, or say.
    if (root.querySelector("[data-live-ended]")) {
      if (source) source.close();
      mode("ended");
      say("");
      return;
    }
    if (source && source.readyState === 2) {
      // Refused, not dropped (204 from a server without streams, 429, 404): poll,
      // and now and then try the stream again (a server restarted, another one).
      source.close();
      poll();
      setTimeout(function () {
        mode("connecting");
        root.setAttribute("sse-connect", base + "?again=" + Date.now());
        htmx.process(root);
      }, RETRY);
      return;
    }
    // Dropped: the browser reconnects by itself, saying the last version it had.
    if (root.dataset.liveMode === "lost") return; // still trying: the note stands
    mode("lost");
    clearTimeout(noteTimer);
    noteTimer = setTimeout(function () {
      if (root.dataset.liveMode === "lost") say(root.dataset.wordsLiveLost);
    }, QUIET);
  });

  // A tap of this screen on its way: its answer goes to the part the tap came from,
  // which a pushed event swapped now would take off the page, the answer (and the
  // reason a tap was refused) lost with it. So the event waits for the answer, and is
  // swapped after it if it is newer still.
  var held = null;

  function target(part) {
    var where = part.getAttribute("hx-target");
    return where && where !== "this" ? document.querySelector(where) : part;
  }

  root.addEventListener("htmx:sseBeforeMessage", function (event) {
    hear();
    var part = event.target;
    var version = Number(event.detail.lastEventId);
    var now = shown(part);
    if (now !== null && !(version > now)) {
      event.preventDefault();
    } else if (part.querySelector(".htmx-request:not([data-poll])")) {
      event.preventDefault();
      held = { id: part.id, part: part, data: event.detail.data, version: version };
    }
  });

  document.body.addEventListener("htmx:afterRequest", function () {
    var waiting = held;
    if (!waiting) return;
    held = null;
    setTimeout(function () {
      // The part as it is now: the answer may have swapped in a new one of the same id.
      var part = waiting.part.isConnected ? waiting.part : document.getElementById(waiting.id);
      var now = part && shown(part);
      if (part && (now === null || waiting.version > now)) {
        htmx.swap(target(part), waiting.data, { swapStyle: "outerHTML" });
      }
    }, 0);
  });

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (root.dataset.liveMode === "on" && elt.matches && elt.matches("[data-poll]")) {
      event.preventDefault();
    }
  });
})();
