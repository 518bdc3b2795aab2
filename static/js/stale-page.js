// After signing in or out in another tab, this page's CSRF token is stale: every
// htmx tap is refused with 403 and htmx, by design, shows nothing. Say so, once,
// with a link that reloads the page (a new token). A file of its own: the
// Content-Security-Policy allows no inline script.
"use strict";

document.addEventListener("htmx:responseError", function (event) {
  var xhr = event.detail.xhr;
  if (!xhr || xhr.status !== 403 || document.getElementById("stale-page")) {
    return;
  }
  var note = document.createElement("p");
  note.id = "stale-page";
  note.className = "error";
  note.setAttribute("role", "alert");
  // The words come from the page (templates/base.html), in its language.
  note.append(document.body.dataset.wordsSignedElsewhere + " ");
  var reload = document.createElement("a");
  reload.href = window.location.href;
  reload.textContent = document.body.dataset.wordsReload;
  note.append(reload);
  (document.querySelector("main") || document.body).prepend(note);
});
