/** The call the test forms make, exactly as an integration would (the path is the product's, not a Remix route). */
export const SEND_PATH = "/api/messages/send";

export interface TestSendInput {
  token: string;
  number: string;
  body: string;
  file?: File | null;
  idempotencyKey?: string;
}

export interface TestSendResult {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * Sends with the pasted connection token only: cookies are omitted so the test proves what an integration
 * sees (the API never reads the session anyway).
 */
export async function sendTestMessage(input: TestSendInput): Promise<TestSendResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  if (input.idempotencyKey?.trim()) headers["idempotency-key"] = input.idempotencyKey.trim();
  let body: BodyInit;
  if (input.file) {
    const form = new FormData();
    form.append("number", input.number.trim());
    form.append("body", input.body);
    form.append("medias", input.file);
    body = form; // the browser sets the multipart boundary
  } else {
    headers["content-type"] = "application/json";
    body = JSON.stringify({ number: input.number.trim(), body: input.body });
  }
  const res = await fetch(SEND_PATH, { method: "POST", headers, body, credentials: "omit" });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's error page): shown as text
  }
  return { status: res.status, body: parsed, replayed: res.headers.get("idempotent-replayed") === "true" };
}
