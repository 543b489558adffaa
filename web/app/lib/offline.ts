import { storage } from "./storage";

/**
 * What this browser keeps of a signed-in user for working offline (issue 29): the service worker's cache of the
 * inbox's pages and reads (web/public/sw.js: keep the name in step) and the sends waiting for the network (the
 * outbox, features/offline/outbox.ts). Both are one user's: emptied when the session ends and when another user
 * signs in on this browser, so nobody ever sees someone else's.
 */
export const OFFLINE_DATA_CACHE = "zapdesk-data-v1";
export const OUTBOX_KEY_PREFIX = "zd:outbox:";
const OWNER_KEY = "zd:offlineOwner";

export async function forgetOfflineData() {
  storage.remove(OWNER_KEY);
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(OUTBOX_KEY_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing kept there
  }
  if (typeof caches !== "undefined") await caches.delete(OFFLINE_DATA_CACHE).catch(() => false);
}

/** The signed-in user's page: what another user left here is emptied before this user's is kept. */
export async function claimOfflineData(userId: number) {
  if (storage.get(OWNER_KEY) === String(userId)) return;
  await forgetOfflineData();
  storage.set(OWNER_KEY, String(userId));
}

/**
 * The service worker took charge after this page loaded: the built files the page already has and the page
 * itself are handed to it to keep, so a reload without network finds them.
 */
export async function keepThisPageOffline() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  const assets = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    if (new URL(entry.name).pathname.startsWith("/assets/")) assets.add(entry.name);
  }
  for (const el of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]")) {
    const href = "href" in el ? el.href : el.src;
    if (href && new URL(href, location.href).pathname.startsWith("/assets/")) assets.add(href);
  }
  worker.postMessage({ type: "zapdesk:keep", assets: [...assets] });
  worker.postMessage({ type: "zapdesk:keepPage", url: location.href });
}
