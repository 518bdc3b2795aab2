// Toggles and grids (Abracadabra's): the live counts of boxes ticked (tricks named), and
// a grid's proposed boxes and the tap that completes it. Loaded only on the tables of
// games whose steps take those shapes (templates/table.html), to keep every other first load light. Without script the server checks the counts.
"use strict";

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
// Every player's named tricks on one grid: a count under each column ("1 of 3"), and
// Done held until each is right. The words come from the page (data-exact, data-at-most).
function countNamed(step) {
  const grid = step.querySelector(".name-grid");
  const words = step.querySelector(".grid-done");
  if (!grid || !words) return;
  let right = true;
  for (const count of grid.querySelectorAll("td.count")) {
    const least = Number(count.dataset.least);
    const most = Number(count.dataset.most);
    const ticked = grid.querySelectorAll(`input[name="named-${count.dataset.seat}"]:checked`).length;
    const ok = ticked >= least && ticked <= most;
    count.textContent = (least === most ? words.dataset.exact : words.dataset.atMost)
      .replace("{ticked}", ticked)
      .replace("{most}", most);
    count.classList.toggle("wrong", !ok);
    right = right && ok;
  }
  for (const done of words.querySelectorAll("button")) done.disabled = !right;
}

// Who won each trick (Abracadabra): a trick one player alone named comes ticked for
// them, proposed (templates/_step_grid.html); a tap in its row, on that box or another,
// makes the row the keeper's. The grid enters itself once every trick has a winner the
// keeper tapped; while any is only proposed, the keeper's Done enters it. Without
// script, Done does. "The rest" under a column needs no script: a submit button whose
// value the server gives every trick posted open (templates/_step_grid.html).
const TRICK_GRID = ".trick-grid:not(.name-grid)";

function settle(input) {
  for (const label of input.closest("tr").querySelectorAll(".won.proposed")) {
    label.classList.remove("proposed");
  }
}

function gridComplete(step) {
  const grid = step.querySelector(TRICK_GRID);
  if (!grid) return false;
  return [...grid.querySelectorAll("tbody tr")].every(
    (row) => row.querySelector("input:checked") && !row.querySelector(".proposed"),
  );
}

function trickTapped(input) {
  settle(input);
  if (gridComplete(input.closest("#step"))) input.form.requestSubmit();
}

document.body.addEventListener("change", (event) => {
  const step = event.target.closest("#step");
  if (!step) return;
  countTicked(step);
  countNamed(step);
  if (event.target.closest(TRICK_GRID)) trickTapped(event.target);
});
// A tap on the proposed box itself changes nothing, so no change event: the click says it.
document.body.addEventListener("click", (event) => {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.closest(`${TRICK_GRID} .proposed`)) {
    trickTapped(input);
  }
});
document.body.addEventListener("htmx:load", (event) => {
  const step = event.detail.elt.querySelector ? event.detail.elt.querySelector("#step") : null;
  if (step) {
    countTicked(step);
    countNamed(step);
  }
});
const firstStep = document.getElementById("step");
if (firstStep) {
  countTicked(firstStep);
  countNamed(firstStep);
}
