/**
 * A stand-in for an HTTP e-mail provider speaking Resend's API (`POST /emails`, bearer key, `Idempotency-Key`),
 * written with web APIs only: the worker tests route the client's fetches to it, and `npm start` serves it over
 * Node (worker/testing/fakes/server.ts) with a page that shows what the product sent, so a password reset can be
 * followed offline. Paths are relative to where it is mounted (`/mail` in the local fakes server).
 */
export interface CaughtEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
  receivedAt: string;
}

export interface MailCatcher {
  emails: CaughtEmail[];
  /** Answers one request; `path` is the request's path below the mount point ("/emails", "/", "/api/emails"). */
  handle(request: Request, path: string): Promise<Response>;
  /** The next sends answer this status instead (a provider outage, for retry tests). */
  failNext(status: number, times?: number): void;
}

const resendError = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

export function createMailCatcher({ apiKey }: { apiKey: string }): MailCatcher {
  const emails: CaughtEmail[] = [];
  let failures: { status: number; left: number } | null = null;

  async function send(request: Request): Promise<Response> {
    const auth = request.headers.get("authorization");
    if (!auth) return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    if (auth !== `Bearer ${apiKey}`) return resendError(403, "invalid_api_key", "API key is invalid.");
    if (failures && failures.left > 0) {
      failures.left--;
      return resendError(failures.status, "application_error", "Simulated provider failure.");
    }
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return resendError(422, "validation_error", "Invalid JSON body.");
    }
    const to = typeof body.to === "string" ? [body.to] : Array.isArray(body.to) ? body.to.filter((t): t is string => typeof t === "string") : [];
    if (typeof body.from !== "string" || !body.from) return resendError(422, "validation_error", "The `from` field is required.");
    if (to.length === 0) return resendError(422, "validation_error", "The `to` field is required.");
    if (typeof body.subject !== "string" || !body.subject) return resendError(422, "validation_error", "The `subject` field is required.");
    const idempotencyKey = request.headers.get("idempotency-key");
    const again = idempotencyKey ? emails.find((e) => e.idempotencyKey === idempotencyKey) : undefined;
    if (again) return Response.json({ id: again.id });
    const email: CaughtEmail = {
      id: crypto.randomUUID(),
      from: body.from,
      to,
      subject: body.subject,
      text: typeof body.text === "string" ? body.text : "",
      html: typeof body.html === "string" ? body.html : "",
      idempotencyKey,
      receivedAt: new Date().toISOString(),
    };
    emails.push(email);
    return Response.json({ id: email.id });
  }

  function page(): Response {
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const rows = emails
      .slice()
      .reverse()
      .map(
        (e) => `<article><header><strong>${esc(e.subject)}</strong><br><small>${esc(e.from)} → ${esc(e.to.join(", "))} · ${esc(e.receivedAt)}</small></header><pre>${esc(e.text)}</pre></article>`,
      )
      .join("");
    const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mail catcher</title><style>body{font:15px system-ui;margin:0 auto;max-width:760px;padding:16px;color-scheme:light dark}article{border:1px solid #8884;border-radius:10px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style><h1>Mail catcher</h1><p>${emails.length} e-mail(s) the product sent (newest first). Reload to see new ones.</p>${rows || "<p><em>Nothing yet.</em></p>"}</html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }

  return {
    emails,
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    async handle(request, path) {
      if (request.method === "POST" && path === "/emails") return send(request);
      if (request.method === "GET" && (path === "/" || path === "")) return page();
      if (request.method === "GET" && path === "/api/emails") {
        const to = new URL(request.url).searchParams.get("to")?.toLowerCase();
        return Response.json(to ? emails.filter((e) => e.to.some((t) => t.toLowerCase() === to)) : emails);
      }
      return resendError(404, "not_found", "Not found.");
    },
  };
}
