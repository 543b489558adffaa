#!/usr/bin/env node
/**
 * The worker as `npm start` serves it: the bundle `wrangler deploy --dry-run` wrote, run by Miniflare (the same
 * workerd, local D1, Durable Objects, R2 and Queues as `wrangler dev`) with the bindings of wrangler.toml, but
 * without wrangler dev's proxy in front (a Durable Object and a second workerd process on every request, which
 * cost more than a D1 round trip). `npm run dev` keeps wrangler dev for its live reload.
 *
 * PORT is workerd's own socket for the worker (Miniflare's "direct socket"): requests reach the worker (behind the
 * static-assets router, as on Cloudflare) without passing through Miniflare's entry worker, a dev-only hop that
 * cost ~0.5 ms of the runtime's single thread per request and is absent in production. Miniflare's entry socket
 * moves to a random loopback port, for Miniflare's own use (the cron trigger below goes through it).
 *
 * It also fires the cron triggers as production does: every minute, on the minute.
 *
 * Environment: WORKER_BUNDLE (folder with index.js), PORT, PERSIST_TO (the local state, as --persist-to),
 * SESSION_HOST_URL; PUBLIC_URL (default http://127.0.0.1:$PORT) and EGRESS_ALLOW (the fakes' origins) as npm start sets them; TRUSTED_PROXY_HEADER (the e2e run's per-journey
 * client address: without it every signup of the run shares one 10-an-hour budget); ZAPDESK_LOCAL_CRON=off stops the minute trigger; ZAPDESK_SCHEDULED_PORT opens a loopback
 * port where GET /scheduled?cron=… runs the scheduled handler at once (benchmarks); ZAPDESK_INSPECTOR_PORT opens
 * workerd's inspector there (Chrome DevTools protocol: CPU profiles of the worker and its Durable Objects);
 * ZAPDESK_BULK_PORT opens the local bulk path there (seeding and benchmarks, see bulkServer below).
 */
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { ROOT } from "./lib/paths.mjs";

const CONFIG = path.join(ROOT, "wrangler.toml");
const EVERY_MINUTE = "* * * * *";

const env = (name) => {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`worker-server: ${name} is required`);
    process.exit(2);
  }
  return value;
};
const bundle = env("WORKER_BUNDLE");
const port = Number(env("PORT"));
const persistTo = env("PERSIST_TO");

// wrangler.toml's bindings, with the secrets of .dev.vars among its variables.
const { workerOptions } = unstable_getMiniflareWorkerOptions(CONFIG);
const mf = new Miniflare({
  ...workerOptions,
  name: "zapdesk",
  // The bundle is one module that imports others at run time; naming it skips Miniflare's module discovery.
  modulesRoot: bundle,
  // index.js, and the modules it imports as text (the tenant database's migrations: wrangler.toml's rules).
  modules: [
    { type: "ESModule", path: path.join(bundle, "index.js") },
    ...readdirSync(bundle)
      .filter((file) => file.endsWith(".sql"))
      .map((file) => ({ type: "Text", path: path.join(bundle, file) })),
  ],
  bindings: {
    ...workerOptions.bindings,
    SESSION_HOST_URL: env("SESSION_HOST_URL"),
    // The worker's own URL for links in e-mails (npm start passes it; seeding and benchmarks get this server's).
    PUBLIC_URL: process.env.PUBLIC_URL?.trim() || `http://127.0.0.1:${port}`,
    // The local fakes (npm start): the mail catcher stands in for the e-mail provider; EGRESS_ALLOW lets the worker
    // call them (worker/lib/egress.ts).
    ...Object.fromEntries(["EMAIL_API_URL", "EMAIL_API_KEY", "EMAIL_FROM", "GOOGLE_TOKEN_URL", "DIALOGFLOW_API_URL", "AZURE_SPEECH_URL", "EGRESS_ALLOW", "WHATSAPP_GRAPH_URL", "WHATSAPP_GRAPH_VERSION", "META_APP_SECRET", "META_VERIFY_TOKEN", "META_APP_ID", "META_CONFIG_ID", "FACEBOOK_SDK_URL", "TRUSTED_PROXY_HEADER"].filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
    APP_ENV: "development",
    ...(process.env.ZAPDESK_BULK_PORT ? { ZAPDESK_LOCAL_BULK: "1" } : {}),
  },
  host: "127.0.0.1",
  port: 0,
  unsafeDirectSockets: [{ host: "127.0.0.1", port }],
  ...(process.env.ZAPDESK_INSPECTOR_PORT ? { inspectorPort: Number(process.env.ZAPDESK_INSPECTOR_PORT) } : {}),
  // The layout wrangler's --persist-to uses, so `wrangler d1 … --local --persist-to` sees the same data.
  d1Persist: path.join(persistTo, "v3", "d1"),
  r2Persist: path.join(persistTo, "v3", "r2"),
  durableObjectsPersist: path.join(persistTo, "v3", "do"),
  cachePersist: path.join(persistTo, "v3", "cache"),
});
await mf.ready;
const url = await mf.unsafeGetDirectURL();
console.log(`Ready on ${url.href}`);

/** Runs the scheduled handler for `cron` and answers when it, its waitUntil work included, has finished. */
async function runScheduled(cron) {
  const started = Date.now();
  const worker = await mf.getWorker();
  const result = await worker.scheduled({ cron, scheduledTime: new Date(started) });
  return { ...result, ms: Date.now() - started };
}

// Cron triggers: the minute one, as wrangler.toml has; other schedules would need a cron parser and are named.
const crons = unstable_readConfig({ config: CONFIG }).triggers?.crons ?? [];
for (const cron of crons.filter((c) => c !== EVERY_MINUTE)) console.log(`[cron] "${cron}" is not run locally (only "${EVERY_MINUTE}" is)`);
if (crons.includes(EVERY_MINUTE) && process.env.ZAPDESK_LOCAL_CRON !== "off") {
  const untilNextMinute = () => 60_000 - (Date.now() % 60_000);
  const tick = async () => {
    setTimeout(tick, untilNextMinute());
    try {
      const { outcome, ms } = await runScheduled(EVERY_MINUTE);
      if (outcome !== "ok") console.error(`[cron] ${EVERY_MINUTE}: ${outcome} after ${ms} ms`);
    } catch (err) {
      console.error(`[cron] ${EVERY_MINUTE} failed: ${err?.message ?? err}`);
    }
  };
  setTimeout(tick, untilNextMinute());
}

const scheduledPort = process.env.ZAPDESK_SCHEDULED_PORT?.trim();
if (scheduledPort) {
  http
    .createServer(async (req, res) => {
      const requested = new URL(req.url ?? "/", "http://localhost");
      if (requested.pathname !== "/scheduled") return res.writeHead(404).end();
      try {
        const result = await runScheduled(requested.searchParams.get("cron") ?? EVERY_MINUTE);
        res.writeHead(result.outcome === "ok" ? 200 : 500, { "content-type": "application/json" }).end(JSON.stringify(result));
      } catch (err) {
        res.writeHead(500).end(String(err?.message ?? err));
      }
    })
    .listen(Number(scheduledPort), "127.0.0.1");
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    await mf.dispose().catch(() => {});
    process.exit(0);
  });
}

/**
 * The local bulk path (seeding and benchmarks; this process only, never a deployment): on a loopback port,
 * `POST /control` runs SQL statements on the control database (D1) and `POST /tenant/<companyId>` runs them in that
 * company's hub (CompanyHub.bulkSql, which refuses unless this server set ZAPDESK_LOCAL_BULK). Body:
 * `{ "statements": ["…", …] }`; answer: each statement's rows, `{ "results": [[…], …] }`. For the benchmarks,
 * `POST /tenant/<companyId>/automate` runs that hub's ticket automation now (CompanyHub.automate, what its alarm runs
 * every minute) and answers `{ closed, transferred }`; `GET /tenant/<companyId>/size` answers `{ bytes }`
 * (CompanyHub.databaseSize). `PUT /media?key=<R2 key>` stores the body in the local R2 with the request's content type
 * (the demo's media files).
 */
const bulkPort = process.env.ZAPDESK_BULK_PORT?.trim();
if (bulkPort) {
  // Company ids in these paths are read through the platform's one id contract.
  const { tsImport } = await import("tsx/esm/api");
  const { parsePlatformId } = await tsImport(pathToFileURL(path.join(ROOT, "worker", "contracts", "ids.ts")).href, import.meta.url);
  const d1 = await mf.getD1Database("DB");
  const hubs = await mf.getDurableObjectNamespace("COMPANY_HUB");
  const media = await mf.getR2Bucket("MEDIA");
  http
    .createServer(async (req, res) => {
      const requested = new URL(req.url ?? "/", "http://localhost");
      try {
        if (requested.pathname === "/media" && req.method === "PUT") {
          const key = requested.searchParams.get("key") ?? "";
          if (!/^companies\/\d+\//.test(key)) return res.writeHead(400).end("key: companies/<id>/…");
          const chunks = [];
          for await (const chunk of req) chunks.push(chunk);
          // A plain Uint8Array: Miniflare's R2 proxy refuses a Node Buffer.
          await media.put(key, new Uint8Array(Buffer.concat(chunks)), { httpMetadata: { contentType: req.headers["content-type"] ?? "application/octet-stream" } });
          return res.writeHead(204).end();
        }
        // Benchmarks: a company's automation run at once (as its alarm runs it), and its database's size in bytes.
        const hubCall = /^\/tenant\/([^/]+)\/(automate|size)$/.exec(requested.pathname);
        if (hubCall) {
          const companyId = parsePlatformId(hubCall[1]);
          if (companyId === null) return res.writeHead(404).end();
          const hub = hubs.get(hubs.idFromName(`company:${companyId}`));
          const answer = hubCall[2] === "automate" ? await hub.automate(companyId, Date.now()) : { bytes: await hub.databaseSize() };
          return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
        }
        if (req.method !== "POST") return res.writeHead(405).end();
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const { statements } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!Array.isArray(statements) || !statements.every((s) => typeof s === "string")) return res.writeHead(400).end("statements: string[]");
        let results;
        const tenant = /^\/tenant\/([^/]+)$/.exec(requested.pathname);
        const companyId = tenant ? parsePlatformId(tenant[1]) : null;
        if (requested.pathname === "/control") {
          results = statements.length ? (await d1.batch(statements.map((s) => d1.prepare(s)))).map((r) => r.results ?? []) : [];
        } else if (companyId !== null) {
          results = await hubs.get(hubs.idFromName(`company:${companyId}`)).bulkSql(companyId, statements);
        } else {
          return res.writeHead(404).end();
        }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ results }));
      } catch (err) {
        res.writeHead(500).end(String(err?.message ?? err));
      }
    })
    .listen(Number(bulkPort), "127.0.0.1", () => console.log(`[bulk] local bulk path on 127.0.0.1:${bulkPort}`));
}
