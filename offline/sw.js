// Service worker of the Tractor site: after one visit the whole site works offline.
//
// build.py writes this file to dist/sw.js, replacing the two placeholders: the cache
// name (a digest of every file of the build) and the build's files, each with its
// SHA-256 as a Subresource Integrity value. The rules:
//
// * A new build has a new cache name and fills it completely, with its own files only,
//   before it takes over.
// * A page runs the files of one build only. A new build's worker does not skip waiting:
//   it waits, installed, while any page (tab, installed app, embed) of the old build is
//   open, and the old build's worker keeps answering those pages from the old build's
//   cache. Once the last of them is closed the new worker takes over and deletes every
//   older tractor- cache. (A reload alone does not switch: the reloaded page is a page of
//   the old build until every tab of the site has been closed.) Chosen over reloading
//   open pages when a new worker takes over: a reload would cut a hand short, and
//   lazy loads (the computer players' worker, the wheel) could still race it.
// * The cache heals: a file of this build missing from its cache (deleted, or never
//   stored) is fetched again and put back, so the next offline start works. The fetch
//   carries the file's integrity value: a server that already has another build cannot
//   slip one of its files into this build's cache or page (that request fails instead).
// * Nothing is served that the build did not ship (issue 39): every answer from the cache
//   is first checked against its file's SHA-256 in the list above (which came from the
//   server with this script). An entry of another digest (a page of the same origin can
//   write this cache: a sibling site on a shared origin, a bug, a broken disk) is deleted
//   and the file fetched again with its integrity value, and kept only if its digest is
//   the build's; offline, that request fails: a failure rather than foreign code. An entry
//   that is not a file of this build is never served. Filling the cache checks each
//   file's digest the same way, and a cache that does not check out is deleted.
"use strict";

const CACHE = "__CACHE_NAME__";
const FILES = __FILE_LIST__;
// The build's files by absolute URL (the cache's keys), each with its integrity value.
const INTEGRITY = new Map(
  Object.entries(FILES).map(([file, hash]) => [new URL(file, self.location).href, hash])
);

// Each file is asked of the server ("no-cache": the HTTP cache may still hold the older
// build's copy under the same URL) and must have this build's digest, else the install
// fails and is tried again on a later visit.
self.addEventListener("install", (event) => {
  const requests = Object.entries(FILES).map(
    ([file, integrity]) => new Request(file, { cache: "no-cache", integrity })
  );
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    await cache.addAll(requests);
    for (const [url, integrity] of INTEGRITY) {
      const stored = await cache.match(url);
      if (!stored || !(await isTheBuilds(stored, integrity))) {
        await caches.delete(CACHE);
        throw new Error(`${url}: not this build's file`);
      }
    }
  }));
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
  event.respondWith(answer(request));
});

// "sha256-" and the base64 SHA-256 of the response's bytes: a Subresource Integrity value.
async function integrityOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return "sha256-" + btoa(binary);
}

// Whether the response's bytes are those the build listed (reads a clone).
async function isTheBuilds(response, integrity) {
  try {
    return (await integrityOf(response.clone())) === integrity;
  } catch (e) {
    return false; // an unreadable body is not the build's file either
  }
}

// Cache first (the query string, e.g. ?seed=7, does not name another file), and only
// what has the build's digest; a file of this build that is not in the cache, or whose
// cached bytes are not the build's, is fetched with its integrity value and put back.
async function answer(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const integrity = INTEGRITY.get(url.href);
  if (!integrity) {
    return fetch(request); // not a file of this build (the benchmark page, sw.js)
  }
  const found = await cache.match(url.href);
  if (found) {
    if (await isTheBuilds(found, integrity)) {
      return found;
    }
    console.warn(`Tractor: ${url.pathname} in the offline cache is not this build's: refetched`);
    await cache.delete(url.href);
  }
  const response = await fetch(url.href, { integrity });
  if (response.ok && response.type === "basic" && !response.redirected
      && (await isTheBuilds(response, integrity))) {
    await cache.put(url.href, response.clone());
  }
  return response;
}
