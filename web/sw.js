// starcut's service worker: the site keeps working without a network.
//
// - On install it caches the page, everything the page names (the app's
//   hashed JavaScript, wasm and CSS), the worker's files and the manifest.
// - Files whose names carry Trunk's content hash never change: served from
//   the cache first.
// - Everything else (the page, the worker's files, which keep their names
//   from one build to the next) comes from the network first, so a new
//   deploy is used at once; the cached copy serves only when offline.
// - Each fresh copy of the page prunes the cache to what it names, so old
//   builds do not pile up.
// It works from any sub-path: every URL is relative to the worker's scope.
'use strict';

const CACHE = 'starcut';
const HASHED = /-[0-9a-f]{12,20}(_bg)?\.(js|wasm|css)$/;
const ALWAYS = ['./', './worker_loader.js', './worker.js', './worker_bg.wasm',
  './manifest.webmanifest', './icons/icon.svg', './icons/icon-192.png', './icons/icon-512.png', './sw.js'];

/** The URLs a page names (links, scripts, imports), relative to the scope. */
function named(html) {
  const urls = new Set(ALWAYS);
  for (const m of html.matchAll(/(?:href|src)="(\.?\/?[^":]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/['"](\.\/[^'"]+\.(?:js|wasm|css))['"]/g)) urls.add(m[1]);
  return [...urls].map((u) => new URL(u, self.registration.scope).href);
}

async function cacheAll(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map(async (url) => {
    try {
      const response = await fetch(url, { cache: 'no-cache' });
      if (response.ok) await cache.put(url, response);
    } catch (e) {
      // Offline during install: what is missing is cached on its first use.
    }
  }));
}

/** Keeps only the entries the current page names. */
async function prune(keep) {
  const cache = await caches.open(CACHE);
  const wanted = new Set(keep);
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const page = await fetch(self.registration.scope, { cache: 'no-cache' });
    await cacheAll(named(await page.clone().text()));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function networkFirst(request, isPage) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: 'no-cache' });
    if (response.ok) {
      const key = isPage ? self.registration.scope : request.url;
      await cache.put(key, response.clone());
      if (isPage) {
        const urls = named(await response.clone().text());
        cacheAll(urls.filter((u) => HASHED.test(new URL(u).pathname))).then(() => prune(urls));
      }
    }
    return response;
  } catch (e) {
    const cached = await cache.match(isPage ? self.registration.scope : request.url, { ignoreSearch: isPage });
    if (cached) return cached;
    throw e;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !request.url.startsWith(self.registration.scope)) {
    return;
  }
  const isPage = request.mode === 'navigate';
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request, isPage));
});
