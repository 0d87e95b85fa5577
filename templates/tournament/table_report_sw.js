/* Nightduel's table report pages offline (tournament/table_offline.py). Network first: a page
 * opened with a connection is stored, and shown from here when there is none. Only the player's
 * current report page is kept (opening another pairing's replaces it), with the styles and
 * scripts it loads. Everything else goes to the network untouched. */
"use strict";
const CACHE = "nightduel-table-report-v1";
const ASSETS = ["style", "script", "image", "font", "manifest"];  // not the live stream: it never ends
const REPORT = /^\/tournaments\/\d+\/pairings\/[0-9a-f-]+\/report\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function isReportPage(address) {
  try {
    const url = new URL(address);
    return url.origin === self.location.origin && REPORT.test(url.pathname);
  } catch (e) {
    return false;
  }
}

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  if (isReportPage(request.url)) {
    for (const old of await cache.keys()) {
      if (isReportPage(old.url) && old.url !== request.url) await cache.delete(old);
    }
  }
  await cache.put(request, response);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const page = request.mode === "navigate" && isReportPage(request.url);
  const loadedByPage = ASSETS.includes(request.destination) && isReportPage(request.referrer);
  if (!page && !loadedByPage) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) event.waitUntil(keep(request, response.clone()));
    return response;
  }).catch(async () => (await caches.match(request, {ignoreSearch: page})) || Response.error()));
});
