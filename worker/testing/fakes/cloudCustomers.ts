import { fakeGraph, type FakeGraph } from "../fakeGraph";
import { DEMO_CLOUD_NUMBER } from "./demoCloudNumber";

/**
 * The fake Graph API of `npm start` (mounted at /graph) and its page, where a person plays customers of the demo's
 * Cloud API number: they write to it (the webhook goes, signed, to the worker) and read what the business answered.
 */
export function createCloudCustomers(options: { origin: string; appSecret: string; appId: string; webhookUrl?: string }) {
  /** What the customers wrote, for the page (the business's answers are the fake's own record of sends). */
  const log: { at: number; customer: string; text: string }[] = [];
  const graph: FakeGraph = fakeGraph({
    origin: options.origin,
    numbers: [{ ...DEMO_CLOUD_NUMBER, appSecret: options.appSecret }],
    // Embedded Signup's code exchange (the fake Facebook SDK mints signups on this Graph API), and template media examples' uploads.
    app: { appId: options.appId, appSecret: options.appSecret },
    async deliver(hook) {
      if (!options.webhookUrl) return;
      try {
        const res = await fetch(options.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": hook.signature }, body: hook.body });
        if (!res.ok) console.warn(`fake Graph: webhook answered ${res.status}`);
      } catch (err) {
        console.error("fake Graph: webhook failed", err);
      }
    },
  });

  const textOf = (body: Record<string, unknown>): string => {
    const type = String(body.type);
    const content = body[type] as { body?: string; caption?: string; filename?: string; name?: string; emoji?: string } | undefined;
    if (type === "text") return content?.body ?? "";
    if (type === "template") return `[modelo ${content?.name ?? ""}]`;
    if (type === "reaction") return content?.emoji ?? "";
    if (type === "interactive") return `${interactiveOf(body).text} [${interactiveOf(body).entries.map((e) => e.title).join(" | ")}]`;
    return `[${type}] ${content?.caption ?? content?.filename ?? ""}`.trim();
  };

  /** A menu the business sent as buttons or a list: its text and the entries a customer may tap. */
  const interactiveOf = (body: Record<string, unknown>) => {
    const i = body.interactive as { body?: { text?: string }; action?: { buttons?: { reply: { id: string; title: string } }[]; sections?: { rows?: { id: string; title: string }[] }[] } };
    const entries = i.action?.buttons?.map((b) => b.reply) ?? (i.action?.sections ?? []).flatMap((s) => s.rows ?? []);
    return { text: i.body?.text ?? "", entries };
  };

  function page(): Response {
    const seen = new Set(log.map((l) => l.customer));
    for (const s of graph.sends) seen.add(s.to);
    const escape = (t: string) => t.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
    // A menu's buttons or rows, for the person playing the customer to tap.
    const taps = (to: string, body: Record<string, unknown>) =>
      interactiveOf(body)
        .entries.map(
          (e) =>
            `<form class="tap" method="post" action="${options.origin}/customers"><input type="hidden" name="waId" value="${escape(to)}"><input type="hidden" name="replyId" value="${escape(e.id)}"><button>${escape(e.title)}</button></form>`,
        )
        .join("");
    // Oldest first, as a chat reads.
    const rows = [
      ...graph.sends.map((s) => ({ at: s.at, html: `<li class="out"><b>Empresa → ${escape(s.to)}</b> ${escape(textOf(s.body))}${s.body.type === "interactive" ? taps(s.to, s.body) : ""}</li>` })),
      ...log.map((l) => ({ at: l.at, html: `<li class="in"><b>${escape(l.customer)} → Empresa</b> ${escape(l.text)}</li>` })),
    ]
      .sort((a, b) => a.at - b.at)
      .map((r) => r.html);
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Clientes da API Cloud (fake)</title>
<style>body{font:15px system-ui;margin:2rem auto;max-width:44rem;padding:0 1rem}form{display:grid;gap:.5rem;margin:1rem 0}
input,textarea,button{font:inherit;padding:.5rem}form.tap{display:inline;margin:0 0 0 .5rem}form.tap button{padding:.1rem .5rem}li{margin:.25rem 0}.in{color:#075e54}.out{color:#333}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}.in{color:#7fd1c6}.out{color:#ddd}}</style></head><body>
<h1>Clientes da API Cloud (fake)</h1>
<p>Número oficial da demonstração: <b>${escape(DEMO_CLOUD_NUMBER.displayPhoneNumber)}</b> (phone number id ${DEMO_CLOUD_NUMBER.phoneNumberId}). Escreva como um cliente; a mensagem chega à conexão "WhatsApp Oficial" por webhook assinado.</p>
<form method="post" action="${options.origin}/customers">
<label>Número do cliente <input name="waId" value="5511988887777" pattern="\\d{10,15}" required></label>
<label>Nome <input name="name" value="Cliente Oficial"></label>
<label>Mensagem <textarea name="text" required></textarea></label>
<button>Enviar</button></form>
<h2>Conversa</h2><ul>${rows.join("") || "<li>Nenhuma mensagem ainda.</li>"}</ul>
<p>${seen.size} cliente(s).</p></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }

  async function handle(request: Request, path: string): Promise<Response> {
    if (request.method === "GET" && (path === "/" || path === "")) return page();
    // A customer writes: from the page's form, or as JSON from a journey ({ waId, name, text, hoursAgo }; a user who
    // hides their number as { userId, username, name, text }); or taps a menu's button or row ({ waId, replyId }).
    if (request.method === "POST" && path === "/customers") {
      const json = (request.headers.get("content-type") ?? "").includes("application/json");
      const input = json ? ((await request.json()) as Record<string, unknown>) : Object.fromEntries(await request.formData());
      const waId = String(input.waId ?? "").replace(/\D/g, "");
      const text = String(input.text ?? "").trim();
      const replyId = String(input.replyId ?? "");
      if (/^\d{10,15}$/.test(waId) && replyId) {
        const { wamid, title } = await graph.customerTaps(DEMO_CLOUD_NUMBER.phoneNumberId, { waId }, replyId);
        log.push({ at: Date.now(), customer: waId, text: `(tocou) ${title}` });
        return json ? Response.json({ wamid }) : new Response(null, { status: 303, headers: { location: `${options.origin}/` } });
      }
      const userId = String(input.userId ?? "");
      if (!waId && /^[A-Z]{2}\.[A-Za-z0-9]{1,128}$/.test(userId) && text) {
        const username = String(input.username ?? "") || undefined;
        const { wamid } = await graph.customerWrites(DEMO_CLOUD_NUMBER.phoneNumberId, { userId, username, name: String(input.name ?? "") || undefined }, { type: "text", text: { body: text } });
        log.push({ at: Date.now(), customer: username ? `@${username}` : userId, text });
        return json ? Response.json({ wamid }) : new Response(null, { status: 303, headers: { location: `${options.origin}/` } });
      }
      if (!/^\d{10,15}$/.test(waId) || !text) return new Response("waId (digits) and text are required", { status: 400 });
      const at = Date.now() - Number(input.hoursAgo ?? 0) * 3_600_000;
      const { wamid } = await graph.customerWrites(DEMO_CLOUD_NUMBER.phoneNumberId, { waId, name: String(input.name ?? "") || undefined, at }, { type: "text", text: { body: text } });
      log.push({ at, customer: waId, text });
      return json ? Response.json({ wamid }) : new Response(null, { status: 303, headers: { location: `${options.origin}/` } });
    }
    // Another number on Meta's side (on the platform's app), for a journey that connects one through the page.
    if (request.method === "POST" && path === "/numbers") {
      const input = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const [phoneNumberId, wabaId, accessToken, displayPhoneNumber] = ["phoneNumberId", "wabaId", "accessToken", "displayPhoneNumber"].map((k) => String(input?.[k] ?? ""));
      if (!/^\d{5,30}$/.test(phoneNumberId!) || !/^\d{5,30}$/.test(wabaId!) || accessToken!.length < 20 || !displayPhoneNumber) return new Response("phoneNumberId, wabaId (digits), accessToken and displayPhoneNumber are required", { status: 400 });
      graph.numbers.set(phoneNumberId!, { phoneNumberId: phoneNumberId!, wabaId: wabaId!, accessToken: accessToken!, displayPhoneNumber: displayPhoneNumber!, appSecret: options.appSecret });
      return Response.json({ phoneNumberId });
    }
    // Meta refuses the next sends to a customer with a code ({ to, code, times }): for journeys of Meta's errors.
    if (request.method === "POST" && path === "/refusals") {
      const input = (await request.json()) as { to?: string; code?: number; times?: number };
      if (!input.to || !input.code) return new Response("to and code are required", { status: 400 });
      graph.refuseSendsTo(String(input.to), Number(input.code), { times: input.times ?? 1 });
      return Response.json({ ok: true });
    }
    // What the business sent a customer, and what Meta said of it: for journeys.
    if (request.method === "GET" && path === "/sends") {
      const to = new URL(request.url).searchParams.get("to");
      return Response.json({ sends: graph.sends.filter((s) => !to || s.to === to).map((s) => ({ wamid: s.wamid, type: s.body.type, body: s.body, text: textOf(s.body) })) });
    }
    // The mount's path with the request's query (Meta reads parameters from it: the OAuth exchange, template deletes).
    const answer = await graph.handle(new Request(new URL(path + new URL(request.url).search, request.url), request));
    // Meta reports what became of a send after answering it.
    setTimeout(() => void graph.flushStatuses().catch((err) => console.error("fake Graph: statuses failed", err)), 300);
    return answer;
  }

  return { handle, graph };
}
