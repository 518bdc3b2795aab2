// Scorepad's few lines of script: only what htmx leaves to the page. Loaded from a
// file (no inline script), so the Content-Security-Policy stays "script-src 'self'".
"use strict";

// A refused entry (400) and an older screen's tap (409) answer with the fragment to
// swap: the form again, with the reason beside the control. In DEBUG, django-htmx's
// script replaces the whole page with any 400 (meant for Django's error pages, which
// are whole documents). A fragment is no error page: keep it from that handler, so
// htmx swaps it as the "responseHandling" config says, in DEBUG as in production.
document.body.addEventListener("htmx:beforeOnLoad", (event) => {
  const xhr = event.detail.xhr;
  if (xhr && xhr.status >= 400 && xhr.status < 500 && !/^\s*<!doctype/i.test(xhr.responseText)) {
    event.stopPropagation();
  }
});

// After a refusal is swapped in, bring its message into view and to the screen
// reader: it is focused (and role="alert" announces it where focus is not followed).
document.body.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail.xhr;
  if (!xhr || xhr.status < 400) return;
  const message = document.querySelector(".error[role=alert]");
  if (!message) return;
  message.setAttribute("tabindex", "-1");
  message.focus({ preventScroll: true });
  message.scrollIntoView({ block: "center" });
});

// After a tap is entered, the next question is in view: a long step (the trick grid)
// leaves the page scrolled down, where the new question's heading would sit under the
// notes kept at the top (sticky) or below the screen. Only for this phone's own taps:
// a change pushed from another phone moves nothing.
document.body.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail.xhr;
  if (!xhr || xhr.status >= 400 || event.detail.requestConfig?.verb !== "post") return;
  const prompt = document.querySelector("#step .prompt");
  if (!prompt) return;
  // The notes above the question stay at the top once scrolled past (sticky): their
  // height is what covers the page there.
  const notes = document.querySelector("#table .notes");
  const cover = notes && getComputedStyle(notes).position === "sticky" ? notes.offsetHeight : 0;
  const top = prompt.getBoundingClientRect().top;
  if (top >= cover + 4 && top <= window.innerHeight / 2) return;
  if (top + window.scrollY <= window.innerHeight / 2) {
    window.scrollTo({ top: 0, behavior: "instant" }); // the page as it starts: all in view
  } else {
    window.scrollBy({ top: top - cover - 8, behavior: "instant" });
  }
});

// Dice rolled by hand (Brink Bid): the face tapped on the last die enters the roll;
// until then a die's face may be tapped again. Without script the form's button does.
document.body.addEventListener("change", (event) => {
  const form = event.target.closest("form[data-by-hand]");
  if (!form) return;
  const dice = [...form.querySelectorAll("fieldset")];
  if (dice.every((die) => die.querySelector("input:checked"))) form.requestSubmit();
});
