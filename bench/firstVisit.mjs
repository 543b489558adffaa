// First visit and return visit of the inbox in Chromium: /tickets, logged in as the Padaria's agent (luana@padaria.demo, company 2, a customer company).
// Per visit: JavaScript and CSS the page loads (bytes as served and gzipped; JavaScript before the page is usable and in
// the whole visit), requests (all, by kind, and the ticket lists asked of the API), time to first paint, to the first
// ticket row, to usable (hydrated) and to interactive. A cold visit is a fresh browser profile
// (empty HTTP cache, no service worker); a warm one is the next visit in the same profile (HTTP cache and service
// worker from the visits before). Each is measured on loopback and on a throttled network.
import { chromium } from "playwright-core";
import os from "node:os";
import { gzipSync } from "node:zlib";
import { execSync } from "node:child_process";
import { machine, startApp } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 5);
const AGENT = { email: "luana@padaria.demo", password: "123456" };
// The flags Debian's Chromium needs here (as e2e/support/browser.ts launches it; STACK.md).
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** Lighthouse's "slow 4G" network (its mobile default), without its CPU slowdown. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const NETWORKS = [
  { name: "loopback", conditions: null },
  { name: "slow 4G (1.6 Mbit/s, 150 ms RTT)", conditions: SLOW_4G },
];
const TARGET_JS_GZ_KIB = 150; // issue 10: under 150 KiB gzipped of JavaScript before the inbox is usable

/**
 * Installed in the page before any of its scripts: when the first ticket row shows (in the server's HTML, or once
 * React renders it), when the page has hydrated (React has attached itself to that row: the inbox is usable), and the
 * long tasks (≥ 50 ms of main thread) until then and after.
 */
const PROBE = () => {
  const w = window;
  w.__visit = { firstRow: null, hydrated: null, longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__visit.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  const seen = () => document.querySelector('ul[aria-label] li a[href^="/tickets/"]');
  const check = () => {
    if (w.__visit.firstRow === null && seen()) w.__visit.firstRow = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  // React marks the elements it owns with its own properties (__reactProps$…) when it hydrates or renders them.
  const hydrated = () => {
    const row = seen();
    if (row && Object.keys(row).some((k) => k.startsWith("__reactProps$"))) w.__visit.hydrated = performance.now();
    else setTimeout(hydrated, 5);
  };
  hydrated();
};

async function visit(context, baseUrl, conditions) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (conditions) await cdp.send("Network.emulateNetworkConditions", conditions);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  const requests = new Map();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, type: e.type, cache: "network", bytes: 0 });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cache = "memory";
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    r.status = e.response.status;
    if (e.response.fromServiceWorker) r.cache = "service worker";
    else if (e.response.fromDiskCache) r.cache = "disk";
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.addInitScript(PROBE);
  await page.goto(`${baseUrl}/tickets`);
  await page.waitForFunction(() => window.__visit?.firstRow != null && window.__visit?.hydrated != null, null, { timeout: 60_000 });
  // Interactive: the first row is there (the list renders only once React runs) and the main thread has had no
  // long task for a quiet second, network idle meanwhile.
  await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1000);
  const probe = await page.evaluate(() => ({
    ...window.__visit,
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    // Scripts asked for before the page had hydrated: what the inbox needed before it was usable.
    beforeUsable: performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime <= window.__visit.hydrated && new URL(e.name).pathname.endsWith(".js"))
      .map((e) => e.name),
  }));
  const lastLong = probe.longTasks.reduce((m, t) => Math.max(m, t.end), 0);
  await page.close();
  const list = [...requests.values()].filter((r) => r.url.startsWith(baseUrl));
  return {
    firstRow: probe.firstRow,
    firstPaint: probe.firstPaint,
    hydrated: probe.hydrated,
    beforeUsable: probe.beforeUsable,
    interactive: Math.max(probe.firstRow, probe.hydrated, lastLong),
    longTasks: probe.longTasks.length,
    requests: list,
  };
}

/** Sizes as served and gzipped (level 6, as a CDN compresses), fetched once per URL. */
const sizeCache = new Map();
async function sizes(url) {
  if (!sizeCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizeCache.set(url, { raw: body.length, gz: gzipSync(body, { level: 6 }).length });
  }
  return sizeCache.get(url);
}

async function describeVisit(v) {
  const kind = (r) => {
    const p = new URL(r.url).pathname;
    if (p.endsWith(".js")) return "js";
    if (p.endsWith(".css")) return "css";
    if (p.startsWith("/api/")) return "api";
    return r.type === "Document" ? "document" : "other";
  };
  const out = { js: { raw: 0, gz: 0, files: 0 }, jsBeforeUsable: { raw: 0, gz: 0, files: 0 }, css: { raw: 0, gz: 0, files: 0 }, fromNetwork: 0, all: v.requests.length, ticketLists: 0, api: 0, transferred: 0 };
  for (const url of new Set(v.beforeUsable)) {
    const s = await sizes(url);
    out.jsBeforeUsable.raw += s.raw;
    out.jsBeforeUsable.gz += s.gz;
    out.jsBeforeUsable.files++;
  }
  for (const r of v.requests) {
    const k = kind(r);
    if (r.cache === "network") {
      out.fromNetwork++;
      out.transferred += r.bytes;
    }
    if (k === "api") out.api++;
    if (/\/api\/tickets(\?|$)/.test(new URL(r.url).pathname + new URL(r.url).search)) out.ticketLists++;
    if (k === "js" || k === "css") {
      const s = await sizes(r.url);
      out[k].raw += s.raw;
      out[k].gz += s.gz;
      out[k].files++;
    }
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const kib = (b) => (b / 1024).toFixed(1);

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  const loadAtStart = os.loadavg();
  try {
    // One login for the whole run (the login is rate limited per address); every profile starts with its cookies.
    const login = await browser.newContext();
    const res = await login.request.post(`${app.baseUrl}/api/auth/login`, { data: AGENT });
    if (!res.ok()) throw new Error(`login: ${res.status()} ${await res.text()}`);
    const storageState = await login.storageState();
    await login.close();

    const rows = [];
    let jsFiles = [];
    for (const network of NETWORKS) {
      const cold = [];
      const warm = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 }, locale: "pt-BR" });
        cold.push(await visit(context, app.baseUrl, network.conditions));
        warm.push(await visit(context, app.baseUrl, network.conditions));
        await context.close();
      }
      for (const [name, visits] of [["cold", cold], ["warm", warm]]) {
        const described = await Promise.all(visits.map(describeVisit));
        const d = described[0];
        if (name === "cold" && network.conditions === null) {
          jsFiles = await Promise.all(
            visits[0].requests.filter((r) => new URL(r.url).pathname.endsWith(".js")).map(async (r) => ({ path: new URL(r.url).pathname, ...(await sizes(r.url)) })),
          );
        }
        rows.push({
          network: network.name,
          name,
          firstRow: median(visits.map((v) => v.firstRow)),
          firstPaint: median(visits.map((v) => v.firstPaint ?? Number.NaN)),
          hydrated: median(visits.map((v) => v.hydrated)),
          interactive: median(visits.map((v) => v.interactive)),
          firstRowMax: Math.max(...visits.map((v) => v.firstRow)),
          longTasks: median(visits.map((v) => v.longTasks)),
          ...d,
          fromNetwork: median(described.map((x) => x.fromNetwork)),
          transferred: median(described.map((x) => x.transferred)),
          ticketLists: median(described.map((x) => x.ticketLists)),
        });
      }
    }

    const coldLoopback = rows.find((r) => r.name === "cold" && r.network === "loopback");
    jsFiles.sort((a, b) => b.gz - a.gz);
    const lines = [
      `## First visit of the inbox in Chromium (bench/firstVisit.mjs) — ${new Date().toISOString()}`,
      "",
      "/tickets logged in as the Padaria's agent (luana@padaria.demo, company 2, a customer company). Medians of " + RUNS + " visits each.",
      "",
      "| network | cache | JS before usable, gzipped KiB (files) | JS of the whole visit, gzipped KiB (files) | JS as served KiB | CSS gzipped KiB (files) | requests | from the network | bytes transferred KiB | ticket lists asked (GET /api/tickets) | API calls | first paint ms | first ticket row ms | usable (hydrated) ms | interactive ms | long tasks |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map(
        (r) =>
          `| ${r.network} | ${r.name} | ${kib(r.jsBeforeUsable.gz)} (${r.jsBeforeUsable.files}) | ${kib(r.js.gz)} (${r.js.files}) | ${kib(r.js.raw)} | ${kib(r.css.gz)} (${r.css.files}) | ${r.all} | ${r.fromNetwork} | ${kib(r.transferred)} | ${r.ticketLists} | ${r.api} | ${Number.isNaN(r.firstPaint) ? "–" : r.firstPaint.toFixed(0)} | ${r.firstRow.toFixed(0)} | ${r.hydrated.toFixed(0)} | ${r.interactive.toFixed(0)} | ${r.longTasks} |`,
      ),
      "",
      `Target (issue 10): under ${TARGET_JS_GZ_KIB} KiB gzipped of JavaScript before the inbox is usable — ${kib(coldLoopback.jsBeforeUsable.gz)} KiB, ${coldLoopback.jsBeforeUsable.gz / 1024 < TARGET_JS_GZ_KIB ? "PASS" : "**MISS**"} (the whole visit, with what loads after: ${kib(coldLoopback.js.gz)} KiB); the ticket lists asked once each — ${coldLoopback.ticketLists} requests of GET /api/tickets on the first visit (the open tab's two come with the HTML); the first ticket row ${coldLoopback.firstRow.toFixed(0)} ms after the navigation started, first paint ${Number.isNaN(coldLoopback.firstPaint) ? "–" : coldLoopback.firstPaint.toFixed(0)} ms.`,
      "",
      "Heaviest JavaScript files of the cold visit (gzipped KiB): " + jsFiles.slice(0, 10).map((f) => `${f.path.replace("/assets/", "")} ${kib(f.gz)}`).join(", ") + ".",
      "",
      "**Conditions**",
      `- machine: ${machine()}; load average (1/5/15 min) at the start ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}; ${otherWork()}`,
      `- app: the production build (remix vite:build) served as \`npm start\` serves it (Miniflare: local workerd, static assets with web/public/_headers), on 127.0.0.1, with its demo; Chromium ${browser.version()} headless (playwright-core, /usr/bin/chromium, the e2e flags), 1280×800, pt-BR.`,
      "- cold: a fresh browser profile with the agent's session cookies only (empty HTTP cache, no service worker). warm: the next visit in the same profile, in a new tab (HTTP cache and the service worker the first visit registered).",
      "- JS and CSS: every .js and .css file the visit requested (from the network or a cache), as served (the local server does not compress) and gzipped here at level 6, as a CDN would send it. JS before usable: the scripts asked for before the page had hydrated (the route modules and what they import); the whole visit adds what loads after it (the websocket's frame parser; the menus' and popovers' code, asked for once the page is idle; the command bar's). Requests: every request to the app's origin; \"from the network\" excludes those a cache answered (memory, disk, service worker).",
      "- first ticket row: from the start of the navigation until the first row of the ticket list is in the document (the server renders the first page of the lists into the HTML, so it comes with the document). first paint: Chromium's first contentful paint. usable: until React has hydrated that row (its handlers attached). interactive: the latest of those and the end of the last long task (≥ 50 ms of main thread), measured once the network was idle and a quiet second had passed.",
      `- slow 4G: Chromium's network emulation, ${SLOW_4G.latency} ms added latency, 1.6 Mbit/s down, 750 kbit/s up (Lighthouse's mobile network, without its CPU slowdown).`,
    ];
    const md = lines.join("\n");
    console.log(`\n${md}`);
    writeResultsSection("firstVisit", md);
  } finally {
    await browser.close();
    await app.stop();
  }
}

/** What else was running: the busiest other processes at the end of the run. */
function otherWork() {
  try {
    const rows = execSync("ps -e -o pcpu=,args= --sort=-pcpu").toString().trim().split("\n").slice(0, 8);
    const busy = rows
      .map((r) => r.trim())
      .filter((r) => Number.parseFloat(r) >= 20 && !r.includes(process.cwd()) && !r.includes("<defunct>") && !r.includes("chromium"))
      .slice(0, 4);
    return busy.length ? `other processes busy at the end: ${busy.map((r) => r.slice(0, 90)).join("; ")}.` : "no other busy process at the end.";
  } catch {
    return "";
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
