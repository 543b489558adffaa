/*
 * ZapDesk service worker (spec 002: registered on load). It only caches the build's fingerprinted assets
 * (/assets/*, immutable by name), so repeat visits start fast; pages, the API and the websocket always go
 * to the network, so nothing stale or private is ever served from here.
 */
const CACHE = "zapdesk-assets-v1";

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    }),
  );
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
        await tab.focus();
        // A tab of the app navigates itself (client-side, keeping its socket); one that cannot is sent there.
        tab.postMessage({ type: "zapdesk:navigate", url: target });
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
