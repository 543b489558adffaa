import type { Env } from "../env";

/** What the product sends: one message to one address. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSettings {
  baseUrl: string;
  apiKey: string;
  from: string;
}

/** Resend's own address; a deployment may point EMAIL_API_URL at any provider that speaks the same API. */
export const DEFAULT_EMAIL_API_URL = "https://api.resend.com";

/** The e-mail settings of a deployment, or null when it has none (nothing can be sent: logged, not thrown). */
export function emailSettings(env: Pick<Env, "EMAIL_API_URL" | "EMAIL_API_KEY" | "EMAIL_FROM">): EmailSettings | null {
  const apiKey = env.EMAIL_API_KEY?.trim();
  const from = env.EMAIL_FROM?.trim();
  if (!apiKey || !from) return null;
  return { baseUrl: (env.EMAIL_API_URL?.trim() || DEFAULT_EMAIL_API_URL).replace(/\/+$/, ""), apiKey, from };
}

/** A send the provider refused or could not take; `retryable` says whether trying again later can help. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends one e-mail through Resend's API (`POST /emails`). `idempotencyKey` makes a retried send count once at the
 * provider (Resend keeps keys for 24 hours). 429 and 5xx (and network failures) are retryable; any other refusal
 * (a bad key, a rejected address) is not.
 */
export async function sendEmail(settings: EmailSettings, email: OutgoingEmail, idempotencyKey: string): Promise<{ id: string }> {
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}/emails`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": idempotencyKey,
      },
      body: JSON.stringify({ from: settings.from, to: [email.to], subject: email.subject, text: email.text, html: email.html }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new EmailSendError(`e-mail provider unreachable: ${String(err)}`, 0, true);
  }
  const text = await res.text();
  if (!res.ok) {
    throw new EmailSendError(`e-mail provider answered ${res.status}: ${text.slice(0, 300)}`, res.status, res.status === 429 || res.status >= 500);
  }
  try {
    const body = JSON.parse(text) as { id?: unknown };
    return { id: typeof body.id === "string" ? body.id : "" };
  } catch {
    return { id: "" };
  }
}
