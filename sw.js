/* Five Hundred service worker: the whole site works offline.
 *
 * TEMPLATE: tools/build_site.py fills in the placeholders below and writes dist/sw.js.
 * Every URL is relative to this script, so the site works under any sub-path.
 */
"use strict";

const CACHE = "__CACHE_NAME__"; // "fivehundred-" + a hash of every file of the build
const PRECACHE = __PRECACHE_LIST__; // every file of the build, relative URLs
const CACHE_PREFIX = "fivehundred-";
// Several deployments can share an origin (user.github.io/a/ and /b/): each one's caches are
// named after its scope, and it only ever deletes its own.
const SCOPE = self.registration.scope;
const CACHE_NAME = CACHE + " " + SCOPE; // the cache of this build of this deployment
const INDEX = new URL("./index.html", self.location).href;

// A cache of this deployment: named after its scope, or (older builds, whose names had no
// scope) holding this deployment's index.html.
async function ours(name) {
  if (!name.startsWith(CACHE_PREFIX)) return false;
  if (name.includes(" ")) return name.endsWith(" " + SCOPE);
  const cache = await caches.open(name);
  return (await cache.match(INDEX)) !== undefined;
}

self.addEventListener("install", (event) => {
  // addAll is atomic: one failed request aborts the install and the old version stays.
  // {cache: "no-cache"} revalidates with the server, so a new build never stores stale files
  // and files the browser already holds are not downloaded a second time.
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name !== CACHE_NAME)
            .map(async (name) => ((await ours(name)) ? caches.delete(name) : false))
        )
      )
      // an old cache that could not be deleted must not keep the open pages on the old version
      .catch((err) => console.warn("Old caches not deleted:", err))
      .then(() => self.clients.claim())
  );
});

// The page asks for this when the user accepts the "new version" notice.
self.addEventListener("message", (event) => {
  // waitUntil: the worker is not stopped before the browser has taken the request
  if (event.data && event.data.type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
});

// Opened once per worker start, not once per request: a start's requests come in a burst.
let opened = null;
function openCache() {
  if (opened === null) opened = caches.open(CACHE_NAME).catch((err) => { opened = null; throw err; });
  return opened;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    openCache().then(async (cache) => {
      // Cached responses keep their headers: the wasm stays application/wasm.
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === "navigate") {
        const index = await cache.match(INDEX);
        if (index) return index;
      }
      return fetch(request);
    })
  );
});
