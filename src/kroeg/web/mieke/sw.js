// The service worker of Mieke's pages (scope /web/mieke/): the pages and their modules
// are cached when it installs, and every GET goes to the network first and falls back
// to the cache, so a phone that loses the bar's wifi keeps its score page and the
// sheet as it last saw it. Score lines are not sent from here: the page queues them
// (queue.js) and sends them when it is back online.

const CACHE = "kroeg-mieke-v2";
const FILES = [
  "/web/mieke/sheet.html",
  "/web/mieke/sheet.js",
  "/web/mieke/queue.js",
  "/web/mieke/conflicts.js",
  "/web/mieke/common.js",
  "/web/mieke/mieke.css",
  "/web/i18n.js",
  "/web/i18n/nl.js",
  "/web/i18n/en.js",
  "/web/settings.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/changes")) return; // the live wait: never from a cache
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches
          .match(request, { ignoreSearch: url.pathname.startsWith("/web/") })
          .then((hit) => hit || Response.error()),
      ),
  );
});
