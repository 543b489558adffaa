/**
 * The outside services of a local run, faked (started by `npm start`, driven by the journeys):
 *   /mail   the mail catcher: Resend's API at /mail/emails, what was sent at /mail (page) and /mail/api/emails?to=
 *   /psp    a PSP of the standard Pix API (/psp/oauth/token, /psp/v2/cob/{txid}); its page (/psp) marks charges paid
 *           and notifies PSP_WEBHOOK_URL + "/pix"
 *   /openai   OpenAI's chat completions, transcriptions and speech (worker/testing/fakeOpenAi.ts): a prompt's base URL
 *             <fakes>/openai/v1 with a key "sk-fake-…"
 *   /azure    Azure's text-to-speech (AZURE_SPEECH_URL <fakes>/azure/{region}/cognitiveservices/v1, keys "az-fake-…")
 *   /typebot  a Typebot server's chat API with a sample flow (worker/testing/fakeTypebot.ts): URL <fakes>/typebot
 *   /google   Google's OAuth token endpoint and Dialogflow's detectIntent (worker/testing/fakeGoogle.ts): GOOGLE_TOKEN_URL
 *             <fakes>/google/token, DIALOGFLOW_API_URL <fakes>/google; its service accounts are made by POST /google/accounts
 *   /graph    Meta's WhatsApp Cloud API (worker/testing/fakeGraph.ts) with the demo's number, and its page (/graph/) where
 *             a person plays customers of it; webhooks go signed with META_APP_SECRET to GRAPH_WEBHOOK_URL
 * Environment: FAKES_PORT (8789), FAKES_BIND (127.0.0.1), MAIL_API_KEY (the key the worker is given).
 */
import http from "node:http";
import { createFakePsp } from "./fakePsp";
import { fakeAzureSpeech, fakeOpenAi } from "../fakeOpenAi";
import { fakeGoogle, fakeServiceAccount } from "../fakeGoogle";
import { fakeTypebot } from "../fakeTypebot";
import { createMailCatcher } from "./mailCatcher";
import { createCloudCustomers } from "./cloudCustomers";
import { LOCAL_META_APP } from "./demoCloudNumber";

const port = Number(process.env.FAKES_PORT ?? 8789);
const bind = process.env.FAKES_BIND ?? "127.0.0.1";
const mail = createMailCatcher({ apiKey: process.env.MAIL_API_KEY ?? "local-mail-key" });

type Mounted = (request: Request, path: string) => Promise<Response>;
const psp = createFakePsp({
  clientId: process.env.PSP_CLIENT_ID ?? "local-client",
  clientSecret: process.env.PSP_CLIENT_SECRET ?? "local-secret",
  webhookUrl: process.env.PSP_WEBHOOK_URL,
  mount: "/psp",
  async notify(url, body) {
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      console.log(`fake PSP: webhook ${url} answered ${res.status}`);
    } catch (err) {
      console.error(`fake PSP: webhook ${url} failed`, err);
    }
  },
});
const openai = fakeOpenAi();
const azure = fakeAzureSpeech();
const typebot = fakeTypebot();
const google = fakeGoogle(`http://${bind}:${port}/google/token`);
const cloud = createCloudCustomers({
  origin: `http://${bind}:${port}/graph`,
  appSecret: process.env.META_APP_SECRET || LOCAL_META_APP.appSecret,
  appId: process.env.META_APP_ID || LOCAL_META_APP.appId,
  webhookUrl: process.env.GRAPH_WEBHOOK_URL,
});
const mounts: [string, Mounted][] = [
  ["/graph", (req, path) => cloud.handle(req, path)],
  ["/mail", (req, path) => mail.handle(req, path)],
  ["/psp", (req, path) => psp.handle(req, path)],
  ["/openai", (req) => openai.handle(req)],
  ["/azure", (req) => azure.handle(req)],
  ["/typebot", (req) => typebot.handle(req)],
  [
    "/google",
    async (req, path) => {
      if (req.method === "POST" && path === "/accounts") return new Response(await fakeServiceAccount(google), { headers: { "content-type": "application/json" } });
      return google.handle(new Request(new URL(path, req.url), req));
    },
  ],
];

async function toRequest(req: http.IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(`http://${req.headers.host ?? `${bind}:${port}`}${req.url ?? "/"}`, { method: req.method, headers, body });
}

const server = http.createServer(async (req, res) => {
  try {
    const request = await toRequest(req);
    const { pathname } = new URL(request.url);
    if (pathname === "/health") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    const mount = mounts.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    const response = mount
      ? await mount[1](request, pathname.slice(mount[0].length) || "/")
      : Response.json({ error: "not found" }, { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (err) {
    console.error("fakes: request failed", err);
    res.writeHead(500).end();
  }
});
server.listen(port, bind, () => console.log(`fakes on http://${bind}:${port} (mail catcher: /mail, fake PSP: /psp, OpenAI: /openai, Azure speech: /azure, Typebot: /typebot, Google: /google, WhatsApp Cloud API: /graph)`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
