import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, getBrowser, login } from "./support/browser";
import { baseUrl, demo } from "./support/env";

const YEAR = 31_536_000;

/** What Chromium did for each request of a page's load: from the network, or from its HTTP cache. */
async function watchCache(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  const urls = new Map<string, string>();
  const fromCache = new Set<string>();
  session.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  session.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  session.on("Network.responseReceived", (e) => {
    if (e.response.fromDiskCache) fromCache.add(e.requestId);
  });
  return {
    /** Paths of the app's built files requested so far, split by where they came from. */
    assets() {
      const cached: string[] = [];
      const network: string[] = [];
      for (const [id, url] of urls) {
        const { pathname } = new URL(url);
        if (!pathname.startsWith("/assets/")) continue;
        (fromCache.has(id) ? cached : network).push(pathname);
      }
      return { cached, network };
    },
  };
}

describe("journey: an agent comes back to the inbox: the app's files come from the browser's cache, the signed-in page never does", () => {
  let context: BrowserContext;
  let page: Page;
  /** The built files the first visit loaded (a later visit may load lazy parts the first one never asked for). */
  const firstVisit = new Set<string>();

  beforeAll(async () => {
    // Without the service worker (it keeps /assets/ in a cache of its own): this journey is about HTTP caching.
    context = await (await getBrowser()).newContext({ baseURL: baseUrl(), serviceWorkers: "block", locale: "pt-BR" });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await login(page, demo.agents[0], demo.password);
  });
  afterAll(async () => {
    await context?.close();
    await closeBrowser();
  });

  it("serves the inbox page as private and never stored, and its built files as immutable for a year, never sniffed", async () => {
    const assets: { url: string; headers: Record<string, string> }[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname.startsWith("/assets/")) assets.push({ url: r.url(), headers: r.headers() });
    });
    const document = await page.goto("/tickets");
    await page.getByRole("tab").first().waitFor();
    await page.waitForLoadState("networkidle");
    for (const asset of assets) firstVisit.add(new URL(asset.url).pathname);
    expect(document?.headers()["cache-control"]).toBe("private, no-store");
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.headers["cache-control"], asset.url).toBe(`public, max-age=${YEAR}, immutable`);
      expect(asset.headers["x-content-type-options"], asset.url).toBe("nosniff");
    }
  });

  it("keeps the files whose names outlive a build (service worker, manifest, icon) revalidated, never immutable", async () => {
    for (const path of ["/sw.js", "/manifest.webmanifest", "/favicon.svg"]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).not.toMatch(/immutable/);
      expect(res.headers.get("cache-control"), path).toMatch(/max-age=0|no-cache/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("on the next visit loads every built file from the cache and the page itself from the server", async () => {
    const next = await context.newPage();
    const watch = await watchCache(next);
    const document = await next.goto("/tickets");
    await next.getByRole("tab").first().waitFor();
    expect(document?.status()).toBe(200);
    // Every request answered before counting: one still in flight has no "served from cache" event yet.
    await next.waitForLoadState("networkidle");
    const { cached, network } = watch.assets();
    expect(cached.length).toBeGreaterThan(0);
    expect(network.filter((path) => firstVisit.has(path))).toEqual([]);
    await next.close();
  });
});
