/**
 * A PSP speaking the Central Bank's standard Pix API, enough of it to take the product through a payment offline:
 * `POST /oauth/token` (client credentials, HTTP Basic), `PUT /v2/cob/{txid}`, `GET /v2/cob/{txid}`, plus a page (`/`)
 * listing the charges with a button that marks one paid, which then notifies the webhook as the standard does (POST
 * `{webhookUrl}/pix` with `{ pix: [...] }`). Web APIs only: the worker tests route the client's fetches to it, and
 * `npm start` serves it under /psp (worker/testing/fakes/server.ts).
 */
import { staticBrCode } from "../../lib/pix/brCode";

export interface FakeCharge {
  txid: string;
  status: "ATIVA" | "CONCLUIDA";
  valor: { original: string };
  chave: string;
  calendario: { criacao: string; expiracao: number };
  pixCopiaECola: string;
  solicitacaoPagador?: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface FakePspOptions {
  clientId: string;
  clientSecret: string;
  /** Where a payment is notified (the registered webhook; "/pix" is appended). */
  webhookUrl?: string;
  /** How the notice is sent (the Node server's fetch, or nothing in tests that post it themselves). */
  notify?: (url: string, body: unknown) => Promise<void>;
  /** Where it is mounted ("/psp"), for the page's links. */
  mount?: string;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });
const problem = (status: number, title: string) => json({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status }, status);

export function createFakePsp(options: FakePspOptions) {
  const charges = new Map<string, FakeCharge>();
  const tokens = new Set<string>();

  function authorized(request: Request) {
    const auth = request.headers.get("authorization") ?? "";
    return auth.startsWith("Bearer ") && tokens.has(auth.slice(7));
  }

  /** Marks a charge paid (as a payer's bank would) and notifies the webhook; `amount` lets a test pay a different value. */
  async function pay(txid: string, amount?: string) {
    const charge = charges.get(txid);
    if (!charge) return null;
    const payment = {
      endToEndId: `E${crypto.randomUUID().replace(/-/g, "").slice(0, 31)}`,
      txid,
      valor: amount ?? charge.valor.original,
      horario: new Date().toISOString(),
    };
    charge.status = "CONCLUIDA";
    charge.pix = [...(charge.pix ?? []), payment];
    if (options.webhookUrl && options.notify) await options.notify(`${options.webhookUrl.replace(/\/+$/, "")}/pix`, { pix: [payment] });
    return payment;
  }

  function page(): Response {
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = [...charges.values()]
      .reverse()
      .map(
        (c) =>
          `<tr><td><code>${esc(c.txid)}</code></td><td>R$ ${esc(c.valor.original)}</td><td>${esc(c.solicitacaoPagador ?? "")}</td><td data-status>${c.status}</td><td>${
            c.status === "ATIVA" ? `<form method="post" action="${options.mount ?? ""}/charges/${esc(c.txid)}/pay"><button type="submit">Marcar como paga</button></form>` : "✓"
          }</td></tr>`,
      )
      .join("");
    return new Response(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PSP Pix de teste</title><style>body{font:15px system-ui;margin:0 auto;max-width:900px;padding:16px;color-scheme:light dark}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #8884;padding:6px;text-align:left}</style><h1>PSP Pix de teste</h1><p>Cobranças criadas pelo produto. "Marcar como paga" simula o pagamento e avisa o webhook.</p><table><thead><tr><th>txid</th><th>Valor</th><th>Descrição</th><th>Status</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5"><em>Nenhuma cobrança.</em></td></tr>'}</tbody></table></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  }

  async function handle(request: Request, path: string): Promise<Response> {
    const method = request.method;
    if (method === "POST" && path === "/oauth/token") {
      if (request.headers.get("authorization") !== `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`) return problem(401, "NaoAutorizado");
      const token = crypto.randomUUID();
      tokens.add(token);
      return json({ access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read" });
    }
    const cob = path.match(/^\/v2\/cob\/([A-Za-z0-9]{26,35})$/);
    if (cob) {
      if (!authorized(request)) return problem(401, "NaoAutorizado");
      const txid = cob[1]!;
      if (method === "GET") return charges.has(txid) ? json(charges.get(txid)) : problem(404, "CobNaoEncontrado");
      if (method === "PUT") {
        const body = (await request.json().catch(() => null)) as { valor?: { original?: string }; chave?: string; calendario?: { expiracao?: number }; solicitacaoPagador?: string } | null;
        const original = body?.valor?.original;
        if (!body || !original || !/^\d{1,10}\.\d{2}$/.test(original) || !body.chave) return problem(400, "CobOperacaoInvalida");
        if (charges.get(txid)?.status === "CONCLUIDA") return problem(400, "CobOperacaoInvalida");
        const charge: FakeCharge = {
          txid,
          status: "ATIVA",
          valor: { original },
          chave: body.chave,
          calendario: { criacao: new Date().toISOString(), expiracao: body.calendario?.expiracao ?? 3600 },
          pixCopiaECola: staticBrCode({ key: body.chave, merchantName: "PSP DE TESTE", merchantCity: "SAO PAULO", amount: Number(original), txid }),
          solicitacaoPagador: body.solicitacaoPagador,
        };
        charges.set(txid, charge);
        return json(charge, 201);
      }
    }
    if (method === "GET" && (path === "/" || path === "")) return page();
    if (method === "GET" && path === "/api/charges") return json([...charges.values()]);
    const paying = path.match(/^\/charges\/([A-Za-z0-9]{26,35})\/pay$/);
    if (method === "POST" && paying) {
      const form = request.headers.get("content-type")?.includes("json") ? ((await request.json().catch(() => ({}))) as { amount?: string }) : {};
      const payment = await pay(paying[1]!, form.amount);
      if (!payment) return problem(404, "CobNaoEncontrado");
      return request.headers.get("accept")?.includes("text/html") ? new Response(null, { status: 303, headers: { location: `${options.mount ?? ""}/` } }) : json(payment);
    }
    return problem(404, "NaoEncontrado");
  }

  return { charges, pay, handle };
}
