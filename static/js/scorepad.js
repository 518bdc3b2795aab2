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

// Naming tricks (Abracadabra): a live count of the boxes ticked against how many the
// step asks for ("3 of 5 named"), with Done enabled only when the count is right.
// Without script the server checks the count and says what is wrong.
function countTicked(step) {
  const boxes = step.querySelector(".toggles[data-most]");
  const count = step.querySelector(".count");
  const done = step.querySelector("button[type=submit]");
  if (!boxes || !count || !done) return;
  const least = Number(boxes.dataset.least);
  const most = Number(boxes.dataset.most);
  const ticked = boxes.querySelectorAll("input:checked").length;
  // The words come from the page, in its language ("3 of 5 named", "3 van 5 genoemd").
  const words = least === most
    ? count.dataset.exact
    : least === 0 ? count.dataset.atMost : count.dataset.between;
  count.textContent = words
    .replace("{ticked}", ticked)
    .replace("{least}", least)
    .replace("{most}", most);
  done.disabled = ticked < least || ticked > most;
}
document.body.addEventListener("change", (event) => {
  const step = event.target.closest("#step");
  if (step) countTicked(step);
});
document.body.addEventListener("htmx:load", (event) => {
  const step = event.detail.elt.querySelector ? event.detail.elt.querySelector("#step") : null;
  if (step) countTicked(step);
});
const firstStep = document.getElementById("step");
if (firstStep) countTicked(firstStep);
