// The setup page's script: loaded by templates/setup.html alone, so that the table's
// first load carries none of it. From a file, as the Content-Security-Policy wants.
"use strict";

// Our own rules' scoring (setup): tapping into a number or a formula of one line
// ("10 points, plus 2 a trick") or typing there picks that line; a line newly picked
// tells htmx (an input event), which previews the rules. Without script the line is
// picked by tapping its radio button.
function pickLine(event) {
  const line = event.target.closest ? event.target.closest("label.how") : null;
  if (!line || event.target.type === "radio") return;
  const radio = line.querySelector("input[type=radio]");
  if (!radio || radio.checked) return;
  radio.checked = true;
  radio.dispatchEvent(new Event("input", { bubbles: true }));
}
document.body.addEventListener("focusin", pickLine);
document.body.addEventListener("input", pickLine, true);
