/*
 * ZapDesk service worker (spec 002: registered on load; issue 29: the app keeps working when the network drops).
 * - The build's fingerprinted assets (/assets/*, immutable by name): cache first, so repeat visits start fast.
 * - The inbox's pages (/tickets, /tickets/<uuid>), their route data (*.data, /__manifest) and the JSON the pages read
 *   from /api: network first, the last answer kept as the fallback while offline. These are a user's own data: the
 *   page empties this cache when the session ends or another user signs in on this browser
 *   (web/app/lib/offline.ts), and they are never answered while the network works.
 * - Everything else (other pages, writes, media, the socket, sign-in) always goes to the network; a page never
 *   opened before answers a small "offline" page when the network is down.
 */
const CACHE = "zapdesk-assets-v1";
/** Keep in step with web/app/lib/offline.ts. */
const DATA_CACHE = "zapdesk-data-v1";
/** The last this many answers: enough for the lists and the last opened chats, bounded on a small phone. */
const MAX_DATA_ENTRIES = 150;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== DATA_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The inbox's pages: their HTML (a reload offline) and their route data (a move inside the app offline). */
const INBOX_PAGE = /^\/tickets(\/[A-Za-z0-9-]+)?$/;

function isInboxData(url) {
  if (url.pathname === "/__manifest") return true;
  if (!url.pathname.endsWith(".data")) return false;
  const page = url.pathname.slice(0, -".data".length);
  return page === "/_root" || INBOX_PAGE.test(page);
}

/** JSON the pages read: lists, a ticket, its messages. Not the session's own calls, media, exports or the socket. */
function isApiRead(url) {
  if (!url.pathname.startsWith("/api/")) return false;
  // /api/version is the page's probe of whether the server answers (features/offline/connectivity.ts).
  if (url.pathname.startsWith("/api/auth/") || url.pathname === "/api/ws" || url.pathname === "/api/version") return false;
  return !/\/(media|export|download)(\/|$)/.test(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate") {
    if (INBOX_PAGE.test(url.pathname)) event.respondWith(fromNetworkFirst(event, request, { page: true }));
    else event.respondWith(fetch(request).catch(() => offlinePage()));
  } else if (isInboxData(url)) {
    event.respondWith(fromNetworkFirst(event, request, { warmPage: url.pathname.endsWith(".data") }));
  } else if (isApiRead(url)) {
    event.respondWith(fromNetworkFirst(event, request, { json: true }));
  }
});

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

/**
 * The network's answer, kept; the kept one when the network cannot be reached. Only a good answer is kept (never an
 * error, a redirect to /login or an answer that asks not to be stored).
 */
async function fromNetworkFirst(event, request, { page = false, json = false, warmPage = false }) {
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    // caches.match with the cache's name: no cache is made (again) just to look, after a logout emptied it.
    const cached = await caches.match(request, { cacheName: DATA_CACHE, ignoreVary: true });
    if (cached) return cached;
    if (page) return offlinePage();
    throw err;
  }
  const type = response.headers.get("content-type") || "";
  // Pages and their data say no-store to every HTTP cache (a back button after logout): this per-user cache, emptied
  // at logout, is what keeps them for offline. An API answer that says no-store (an export) is not kept.
  const keep =
    response.status === 200 &&
    !response.redirected &&
    !(json && /no-store/.test(response.headers.get("cache-control") || "")) &&
    (!json || type.includes("json")) &&
    (!page || type.includes("text/html"));
  if (keep) event.waitUntil(remember(request.url, response.clone()));
  // A chat opened inside the app (its route data came): its page is kept too, so a reload there works offline.
  if (keep && warmPage) event.waitUntil(rememberPage(new URL(request.url)));
  return response;
}

async function remember(key, response) {
  const cache = await caches.open(DATA_CACHE);
  // Deleted first so the newest answers are last in the cache's order; the oldest go when it is full.
  await cache.delete(key, { ignoreVary: true });
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_DATA_ENTRIES)).map((k) => cache.delete(k)));
}

async function rememberPage(dataUrl) {
  const path = dataUrl.pathname.slice(0, -".data".length);
  if (!INBOX_PAGE.test(path)) return;
  const pageUrl = new URL(path, self.location.origin).href;
  const cache = await caches.open(DATA_CACHE);
  if (await cache.match(pageUrl)) return;
  const response = await fetch(pageUrl, { credentials: "same-origin", headers: { accept: "text/html" } }).catch(() => null);
  if (response && response.status === 200 && !response.redirected && (response.headers.get("content-type") || "").includes("text/html")) {
    await remember(pageUrl, response);
  }
}

/** A page never opened before, asked for offline: says so and offers the inbox (kept when it was opened). */
function offlinePage() {
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>ZapDesk · Sem conexão</title><style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;' +
    'justify-content:center;text-align:center;background:#f0f2f5;color:#111b21}@media (prefers-color-scheme:dark){body{background:#111b21;color:#e9edef}}' +
    'a{color:#00a884}</style></head><body><main><h1>Sem conexão</h1><p>Esta página ainda não foi aberta neste aparelho.</p>' +
    '<p><a href="/tickets">Abrir os atendimentos</a></p></main></body></html>';
  return new Response(html, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The page asks: keep these (the assets it loaded before this worker took charge of it). */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "zapdesk:keep" && Array.isArray(data.assets)) {
    event.waitUntil(
      caches.open(CACHE).then(async (cache) => {
        for (const href of data.assets) {
          const url = new URL(href, self.location.origin);
          if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) continue;
          if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => undefined);
        }
      }),
    );
  }
  if (data.type === "zapdesk:keepPage" && typeof data.url === "string") {
    const url = new URL(data.url, self.location.origin);
    if (url.origin === self.location.origin && INBOX_PAGE.test(url.pathname)) event.waitUntil(rememberPage(new URL(url.pathname + ".data", url.origin)));
  }
});

/*
 * Web Push (issue 29). The worker sends { kind, title, body, url, tag } encrypted to this device; the browser opens
 * it and hands it here. One notification per tag (a ticket's messages replace each other); a tap focuses a tab of
 * the app and takes it to the ticket or chat, or opens one there.
 */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "ZapDesk", body: event.data ? event.data.text() : "" };
  }
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/tickets";
  event.waitUntil(
    self.registration.showNotification(data.title || "ZapDesk", {
      body: data.body || "",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url, kind: data.kind || null },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/tickets", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const mine = windows.filter((w) => new URL(w.url).origin === self.location.origin);
      const tab = mine.find((w) => w.focused) || mine[0];
      if (tab) {
        // A tab of the app navigates itself (client-side, keeping its socket), told first: bringing it to the front
        // may be refused (the browser decides), and the ticket must open either way.
        tab.postMessage({ type: "zapdesk:navigate", url: target });
        await tab.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
