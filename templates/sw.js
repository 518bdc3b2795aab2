// Scorepad's service worker: the static files and an offline page at hand. Pages and
// taps always go to the server; a tap made offline waits on the phone (js/keep.js).
"use strict";
const CACHE = "scorepad-{{ version }}";
const FILES = {{ files|safe }};
const OFFLINE = {{ offline|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...FILES, OFFLINE])));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))
    ).then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    // Hashed names never change their content: the kept copy is as good as the network's.
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  }
});
