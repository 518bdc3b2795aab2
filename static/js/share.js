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
      button.textContent = navigator.share ? button.dataset.shareLabel : button.dataset.copyLabel;
      button.hidden = false;
    });
  }

  // The words are the button's (templates/_share_result.html), in the page's language.
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
        say(button, button.dataset.shared);
      } catch (error) {
        if (error.name !== "AbortError") say(button, button.dataset.notShared);
      }
      return;
    }
    try {
      await copy(box);
      say(button, button.dataset.copied);
    } catch (error) {
      box.select();
      say(button, button.dataset.notCopied);
    }
  });

  document.addEventListener("htmx:load", function (event) {
    reveal(event.target);
  });
  reveal(document);
})();
