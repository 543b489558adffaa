// Web Push (issue 29): pushes for several users, each with several devices, through the zapdesk-push queue to a push
// service on 127.0.0.1 that checks each VAPID signature and opens each payload with the device's keys, as a browser's
// push service and the browser would. The Padaria's four users (admin, supervisor, two agents) each subscribe
// DEVICES devices (the most a user keeps is 10); each round every user presses "Send a test" (POST /api/push/test:
// one PUSH job per user, which encrypts and signs per device). Measures pushes per second end to end (from the
// first request to the last push received), and, beside it in this Node process, what one push's encryption
// (RFC 8291, aes128gcm: an ECDH key pair, ECDH, HKDF, AES-GCM) and VAPID JWT (RFC 8292: an ES256 signature) cost,
// with the worker's own code (worker/lib/webPush).
import { createServer } from "node:http";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { api, freePort, machine, startApp, summarize } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { simulatorInbound } from "./lib/simulator.mjs";

const { tsImport } = await import("tsx/esm/api");
const webPush = await tsImport(pathToFileURL(path.resolve("worker/lib/webPush/index.ts")).href, import.meta.url);
const { toBase64Url } = await tsImport(pathToFileURL(path.resolve("worker/lib/crypto.ts")).href, import.meta.url);

const USERS = ["admin@padaria.demo", "renata@padaria.demo", "luana@padaria.demo", "diego@padaria.demo"];
const PASSWORD = "123456";
const DEVICES = Number(process.env.PUSH_DEVICES ?? 10);
const ROUNDS = Number(process.env.PUSH_ROUNDS ?? 10);
const CRYPTO_SAMPLES = Number(process.env.PUSH_CRYPTO_SAMPLES ?? 500);
const LATENCY_SAMPLES = Number(process.env.PUSH_LATENCY_SAMPLES ?? 50);
/** The demo's customer company's simulator connection "Balcão" (company 2, ids from 1,000,000,001). */
const CONNECTION_ID = 1_000_000_001;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n) => Math.round(n * 100) / 100;

async function newDevice(origin) {
  const pair = await webPush.generateKeyPair();
  return {
    endpoint: `${origin}/send/${crypto.randomUUID()}`,
    keys: { p256dh: pair.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  };
}

/** One push's cost in this process: the payload encrypted for a device, and the VAPID JWT signed for its push service. */
async function cryptoCost() {
  const device = await newDevice("https://push.example");
  const vapid = { ...(await webPush.generateKeyPair()), subject: "mailto:bench@zapdesk.test" };
  const payload = JSON.stringify({ kind: "message", title: "Clara Sem Sinal", body: "Vocês abrem amanhã? ".repeat(6), url: "/tickets/0b9c3a52-3f0e-4c1e-9d7a-6b2f1d1e2c3a", tag: "ticket-2000000123" });
  for (let i = 0; i < 20; i++) await webPush.encryptPayload(payload, device.keys);
  const encrypt = [];
  const sign = [];
  for (let i = 0; i < CRYPTO_SAMPLES; i++) {
    let t = performance.now();
    await webPush.encryptPayload(payload, device.keys);
    encrypt.push(performance.now() - t);
    t = performance.now();
    await webPush.vapidAuthorization(device.endpoint, vapid);
    sign.push(performance.now() - t);
  }
  return { encrypt: summarize(encrypt), sign: summarize(sign), payloadBytes: payload.length };
}

async function main() {
  const costs = await cryptoCost();
  console.log("per push in Node (ms): encrypt", costs.encrypt, "VAPID JWT", costs.sign);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1", env: { EGRESS_ALLOW: origin } });
  let server;
  try {
    const publicKey = (await api(app.baseUrl, "GET", "/api/push/public-key", { token: (await api(app.baseUrl, "POST", "/api/auth/login", { body: { email: USERS[0], password: PASSWORD } })).token })).publicKey;
    const devices = new Map();
    let received = 0;
    let refused = 0;
    let opened = 0;
    let waiter = null;
    /** When each push reached this service, in order of arrival. */
    const arrivals = [];
    server = createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", async () => {
        const device = devices.get(`${origin}${req.url}`);
        const check = await webPush.verifyVapid(req.headers.authorization ?? null, { publicKey, audience: origin });
        if (!device || !check.ok) {
          refused++;
          res.writeHead(check.ok ? 410 : 403).end();
          return;
        }
        // Every tenth push is opened as the browser would (all of them would measure this receiver, not the worker).
        if (received % 10 === 0) {
          await webPush.decryptPayload(new Uint8Array(Buffer.concat(chunks)), { ...device.keys, privateKey: device.privateKey });
          opened++;
        }
        received++;
        arrivals.push(performance.now());
        res.writeHead(201).end();
        if (waiter && received >= waiter.count) waiter.resolve(performance.now());
      });
    });
    await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));

    const tokens = [];
    for (const email of USERS) {
      const { token } = await api(app.baseUrl, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
      tokens.push(token);
      for (let d = 0; d < DEVICES; d++) {
        const device = await newDevice(origin);
        devices.set(device.endpoint, device);
        await api(app.baseUrl, "POST", "/api/push/subscriptions", { token, body: { endpoint: device.endpoint, keys: device.keys, deviceLabel: `Bench ${d}` } });
      }
    }
    const until = (count) => new Promise((resolve) => (waiter = { count, resolve }));

    // Warm-up: one round, not counted.
    let expected = USERS.length * DEVICES;
    let done = until(expected);
    await Promise.all(tokens.map((token) => api(app.baseUrl, "POST", "/api/push/test", { token })));
    await done;

    const rounds = [];
    const started = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      expected += USERS.length * DEVICES;
      done = until(expected);
      await Promise.all(tokens.map((token) => api(app.baseUrl, "POST", "/api/push/test", { token })));
      rounds.push((await done) - t);
    }
    const seconds = (performance.now() - started) / 1000;
    const total = ROUNDS * USERS.length * DEVICES;
    const rate = total / seconds;
    const perRound = summarize(rounds);
    console.log(`${total} pushes in ${seconds.toFixed(2)} s = ${rate.toFixed(1)}/s; a round (${USERS.length * DEVICES} pushes):`, perRound, { refused, opened });
    if (refused) throw new Error(`${refused} pushes refused by the push service`);

    // Latency as a customer makes it: a contact writes (the simulator, the session host, the worker, the hub) in a
    // ticket of the admin's, and the admin's devices receive the encrypted push (no tab of theirs open).
    const adminToken = tokens[0];
    const me = await api(app.baseUrl, "GET", "/api/auth/me", { token: adminToken });
    const number = "5511977770001";
    await simulatorInbound(app.hostUrl, CONNECTION_ID, number, "Olá, preciso de ajuda");
    let ticket = null;
    for (let i = 0; i < 100 && !ticket; i++) {
      await sleep(100);
      const found = await api(app.baseUrl, "GET", `/api/tickets?searchParam=${number}&showAll=true&status=pending`, { token: adminToken });
      ticket = found.tickets?.[0] ?? null;
    }
    if (!ticket) throw new Error("the contact's ticket did not appear");
    await api(app.baseUrl, "PUT", `/api/tickets/${ticket.id}`, { token: adminToken, body: { status: "open", userId: me.id } });
    await sleep(1500); // the new ticket's own pushes land before counting starts
    const firstPush = [];
    const allPushes = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const base = received;
      const t = performance.now();
      const all = new Promise((resolve) => (waiter = { count: base + DEVICES, resolve }));
      await simulatorInbound(app.hostUrl, CONNECTION_ID, number, `mensagem ${i}`);
      allPushes.push((await all) - t);
      firstPush.push(arrivals[base] - t);
      await sleep(100);
    }
    const latencyFirst = summarize(firstPush);
    const latencyAll = summarize(allPushes);
    console.log("contact's message → first push received (ms):", latencyFirst, `→ all ${DEVICES} of the admin's devices:`, latencyAll);

    const markdown = [
      "## Web Push",
      "",
      `Run ${new Date().toISOString()} on ${machine()}; \`npm start\`'s app (Miniflare). The Padaria's ${USERS.length} users each`,
      `subscribe ${DEVICES} devices at a push service on 127.0.0.1 (bench/push.mjs) that verifies every VAPID JWT against the`,
      "app's key and opens every tenth payload with the device's private key and auth secret. Each round, every user",
      "presses \"Send a test\" at once: one PUSH job per user on the zapdesk-push queue, whose consumer reads the user's",
      "devices from the company's hub, encrypts per device and posts through the egress guard.",
      "",
      "| measure | pushes | median ms | p99 ms | pushes/s |",
      "|---|---|---|---|---|",
      `| ${ROUNDS} rounds of ${USERS.length} users × ${DEVICES} devices: first request → last push received | ${total} | – | – | ${round(rate)} |`,
      `| one round: the ${USERS.length} requests → its ${USERS.length * DEVICES} pushes received | ${USERS.length * DEVICES} per round | ${round(perRound.median)} | ${round(perRound.p99)} | – |`,
      `| a contact's message (simulator → session host → worker → hub → queue) → the first of the admin's ${DEVICES} devices' pushes received | ${LATENCY_SAMPLES} messages | ${round(latencyFirst.median)} | ${round(latencyFirst.p99)} | – |`,
      `| the same message → all ${DEVICES} of the admin's devices' pushes received | ${LATENCY_SAMPLES} messages | ${round(latencyAll.median)} | ${round(latencyAll.p99)} | – |`,
      "",
      `One push's cryptography, measured in Node ${process.version} with the worker's code (${CRYPTO_SAMPLES} samples, a ${costs.payloadBytes}-byte payload;`,
      "workerd's WebCrypto is BoringSSL as well, the figures are of the same order there):",
      "",
      "| step | median ms | p99 ms |",
      "|---|---|---|",
      `| encrypt the payload (RFC 8291 aes128gcm: new ECDH key pair, ECDH, HKDF, AES-GCM) | ${round(costs.encrypt.median)} | ${round(costs.encrypt.p99)} |`,
      `| sign the VAPID JWT (RFC 8292, ES256) | ${round(costs.sign.median)} | ${round(costs.sign.p99)} |`,
      "",
      `Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (the machine is shared).`,
    ].join("\n");
    writeResultsSection("Web Push", markdown);
    console.log(markdown);
  } finally {
    server?.close();
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
