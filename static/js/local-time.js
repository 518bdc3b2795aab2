// Times in the viewer's own time zone. The server writes each as
// <time datetime="2025-05-01T20:00:00+00:00" data-local="datetime">1 May 2025, 20:00 UTC</time>
// (the UTC text is what shows without JavaScript); this rewrites the text in the
// browser's zone. data-local="date" shows the day only. Shared by any page that loads
// it (home, the history, a player's page); htmx swaps run it again.
//
// One way a language, on every page: day, month, year, 24-hour time ("1 May 2025,
// 20:00", "1 mei 2025, 20:00"), as the server writes dates with |date:"j F Y, H:i".
// Only the month's name comes from the browser, in the page's language, so that a
// phone set to American English does not turn it into "May 1, 2025, 08:00 PM".
(function () {
  if (window.scorepadLocalTime) {
    localize(document);
    return;
  }
  window.scorepadLocalTime = true;

  var PARTS = {
    day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  };

  function written(when) {
    var parts = {};
    new Intl.DateTimeFormat(document.documentElement.lang || undefined, PARTS)
      .formatToParts(when)
      .forEach(function (part) { parts[part.type] = part.value; });
    var day = parts.day + " " + parts.month + " " + parts.year;
    return { date: day, datetime: day + ", " + parts.hour + ":" + parts.minute };
  }

  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (time) {
      var when = new Date(time.getAttribute("datetime"));
      if (isNaN(when.getTime())) return;
      var shown = written(when);
      // The UTC text stays as the tooltip: the same moment, unambiguous.
      if (!time.title) time.title = time.textContent.trim();
      time.textContent = time.dataset.local === "date" ? shown.date : shown.datetime;
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
