// A sum (Skull King's bonus): each choice is a tap that adds its points to the box, which
// stays editable to correct the sum. Without script the box is typed in, and the form
// posts it as it is. Loaded only where a game's steps take that shape (templates/table.html).
"use strict";
// ± (data-negate, where the sum may be less than 0) turns the sign of the sum so far.
document.body.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-negate]");
  if (!button) return;
  const box = button.form && button.form.querySelector("input[name=value]");
  if (!box) return;
  event.preventDefault();
  const now = Number.parseInt(box.value, 10);
  box.value = String(Number.isNaN(now) ? 0 : -now);
  box.dispatchEvent(new Event("input", { bubbles: true }));
});
document.body.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-add]");
  if (!button) return;
  const box = button.form && button.form.querySelector("input[name=value]");
  if (!box) return;
  event.preventDefault();
  const now = Number.parseInt(box.value, 10);
  const add = Number(button.dataset.add);
  box.value = add === 0 ? "0" : String((Number.isNaN(now) ? 0 : now) + add);
  box.dispatchEvent(new Event("input", { bubbles: true }));
});
