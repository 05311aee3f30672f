// Service worker of the Tractor site: after one visit the whole site works offline.
//
// build.py writes this file to dist/sw.js, replacing the two placeholders: the cache
// name (a digest of every file of the build) and the list of files to keep. A new
// build has a new cache name: it is filled completely before it takes over, and every
// older tractor- cache is then deleted, so a page never mixes files of two builds.
"use strict";

const CACHE = "__CACHE_NAME__";
const FILES = __FILE_LIST__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("tractor-") && name !== CACHE)
            .map((name) => caches.delete(name))
        )
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // Cache first (the query string, e.g. ?seed=7, does not name another file).
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((found) => found || fetch(request))
  );
});
