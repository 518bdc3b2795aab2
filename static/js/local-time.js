// Times in the viewer's own time zone. The server writes each as
// <time datetime="2025-05-01T20:00:00+00:00" data-local="datetime">1 May 2025, 20:00 UTC</time>
// (the UTC text is what shows without JavaScript); this rewrites the text in the
// browser's zone and the page's language. data-local="date" shows the day only. Shared by
// any page that loads it (the history, a player's page); htmx swaps run it again.
(function () {
  if (window.scorepadLocalTime) {
    localize(document);
    return;
  }
  window.scorepadLocalTime = true;

  var formats = {
    datetime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
    date: { day: "numeric", month: "short", year: "numeric" },
  };

  // The page's language, as the phone writes it where the phone speaks it ("en-GB"
  // for an English page on a British phone: 7 May), else the page's own ("nl").
  function locale() {
    var page = (document.documentElement.lang || "").toLowerCase();
    var own = (navigator.languages || []).find(function (tag) {
      return tag.toLowerCase().split("-")[0] === page.split("-")[0];
    });
    return own || page || undefined;
  }

  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (time) {
      var when = new Date(time.getAttribute("datetime"));
      var format = formats[time.dataset.local] || formats.datetime;
      if (isNaN(when.getTime())) return;
      // The UTC text stays as the tooltip: the same moment, unambiguous.
      if (!time.title) time.title = time.textContent.trim();
      time.textContent = new Intl.DateTimeFormat(locale(), format).format(when);
    });
  }

  document.addEventListener("htmx:load", function (event) {
    localize(event.target);
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      localize(document);
    });
  } else {
    localize(document);
  }
})();
