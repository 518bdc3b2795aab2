{% comment %}Scorepad's service worker: the static files and an offline page at hand, and each
game's table as this phone last saw it. Pages and taps go to the server first; a tap
made offline waits on the phone (js/keep.js). A template: its comments are not sent.

TABLES: the copies keep.js writes (a table as drawn, by its path). Not tied to a version
of the static files, so a new version of Scorepad keeps them (a copy drawn before an
update, opened without a connection after it, names static files no longer kept: it
shows unstyled, its taps still kept by the browser's own cache of keep.js, if any).{% endcomment %}"use strict";
const CACHE = "scorepad-{{ version }}";
const FILES = {{ files|safe }};
const OFFLINE = {{ offline|safe }};
const TABLES = "scorepad-tables";
const TABLE = /^\/g\/[\w-]+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...FILES, OFFLINE])));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  const kept = [CACHE, TABLES];
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => !kept.includes(name)).map((name) => caches.delete(name)))
    ).then(() => self.clients.claim())
  );
});

{# Without a connection: the table as this phone last saw it, else the offline page. #}
async function withoutConnection(url) {
  const copy = TABLE.test(url.pathname) && (await (await caches.open(TABLES)).match(url.pathname));
  return copy || caches.match(OFFLINE);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    {# Hashed names never change their content: the kept copy is as good as the network's. #}
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => withoutConnection(url)));
  }
});
