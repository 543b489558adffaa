/**
 * A client of the Central Bank's standard Pix API (API Pix, as Efí and other PSPs implement it): OAuth2 client
 * credentials at `/oauth/token`, then `PUT /v2/cob/{txid}` creates an immediate charge and `GET /v2/cob/{txid}` reads
 * it back. Where the PSP requires mTLS, the worker's mTLS certificate binding (`PIX_MTLS`) carries the requests.
 */
export interface PspSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The receiver's Pix key the charges are paid to. */
  key: string;
}

export interface PspCharge {
  txid: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP" | string;
  valor: { original: string };
  pixCopiaECola?: string;
  calendario?: { criacao?: string; expiracao?: number };
  /** Payments received for the charge (present once paid). */
  pix?: { endToEndId: string; txid?: string; valor: string; horario?: string }[];
}

export class PspError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export function createPspClient(settings: PspSettings, mtls?: { fetch: FetchLike }) {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const send: FetchLike = mtls ? (input, init) => mtls.fetch(input, init) : (input, init) => fetch(input, init);

  async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    else headers.authorization = `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`;
    let res: Response;
    try {
      res = await send(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new PspError(`PSP unreachable: ${String(err)}`, 0);
    }
    const text = await res.text();
    if (!res.ok) throw new PspError(`PSP answered ${res.status} to ${method} ${path}: ${text.slice(0, 300)}`, res.status);
    return JSON.parse(text) as T;
  }

  async function token(): Promise<string> {
    const answer = await call<{ access_token?: string }>("POST", "/oauth/token", null, { grant_type: "client_credentials" });
    if (!answer.access_token) throw new PspError("PSP gave no access token", 502);
    return answer.access_token;
  }

  return {
    /** Creates (or replaces, while unpaid) the immediate charge `txid` for `amount` BRL, valid `expiresIn` seconds. */
    async createCharge(txid: string, amount: number, expiresIn: number, description: string): Promise<PspCharge> {
      return call<PspCharge>("PUT", `/v2/cob/${encodeURIComponent(txid)}`, await token(), {
        calendario: { expiracao: expiresIn },
        valor: { original: amount.toFixed(2) },
        chave: settings.key,
        solicitacaoPagador: description.slice(0, 140),
      });
    },
    /** The charge as the PSP has it now: the only source the webhook trusts. */
    async getCharge(txid: string): Promise<PspCharge> {
      return call<PspCharge>("GET", `/v2/cob/${encodeURIComponent(txid)}`, await token());
    },
  };
}
export type PspClient = ReturnType<typeof createPspClient>;
