// Share a game's result (templates/_share_result.html): the Web Share API where the
// browser has it (phones), the clipboard otherwise. Without this file the text
// stays in its box to copy by hand. Loaded again by htmx swaps: listens once.
(function () {
  if (window.scorepadShare) {
    reveal(document);
    return;
  }
  window.scorepadShare = true;

  function reveal(root) {
    root.querySelectorAll("button[data-share]").forEach(function (button) {
      button.textContent = navigator.share ? "Share the result" : "Copy the result";
      button.hidden = false;
    });
  }

  function say(button, message) {
    var status = button.parentElement.querySelector(".share-status");
    if (status) status.textContent = message;
  }

  async function copy(box) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(box.value);
      return;
    }
    // Plain http: the old way, from the selected text.
    box.select();
    if (!document.execCommand("copy")) throw new Error("copy refused");
  }

  document.addEventListener("click", async function (event) {
    var button = event.target.closest("button[data-share]");
    if (!button) return;
    var box = document.getElementById(button.dataset.share);
    if (!box) return;
    if (navigator.share) {
      try {
        await navigator.share({ text: box.value });
        say(button, "Shared.");
      } catch (error) {
        if (error.name !== "AbortError") say(button, "Could not share: copy the text above.");
      }
      return;
    }
    try {
      await copy(box);
      say(button, "Copied: paste it into your chat.");
    } catch (error) {
      box.select();
      say(button, "Select the text above and copy it.");
    }
  });

  document.addEventListener("htmx:load", function (event) {
    reveal(event.target);
  });
  reveal(document);
})();
