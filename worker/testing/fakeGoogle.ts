/**
 * A stand-in for Google's OAuth token endpoint (POST /token, the JWT-bearer grant of a service account: the RS256
 * signature checked against the account's public key, `aud` the endpoint, not expired) and Dialogflow ES's
 * detectIntent (POST /v2/projects/{project}/agent/sessions/{session}:detectIntent with a Bearer token it issued).
 * Plain web APIs, for the worker tests (a fetch spy) and the demo's fakes server.
 *
 * The project chooses the behaviour: "fail-403" (PERMISSION_DENIED), "fail-429", "fail-500", "slow-<ms>…"; any
 * other project runs the agent below, which answers in the query's language code:
 *   "oi", "olá", "hello", "hola"                   -> Default Welcome Intent: "Olá! Sou o robô do Dialogflow. Como posso ajudar?"
 *   "atendente", "humano", "tchau"                   -> "Encerrar" (endInteraction): "Certo, vou te passar para um atendente."
 *   "horário"                                       -> "Horario": two texts, "Atendemos de segunda a sexta." and "Das 8h às 18h."
 *   anything else                                   -> Default Fallback Intent: "Desculpe, não entendi."
 */
export interface FakeGoogle {
  /** The accounts it knows, by client_email, with their public keys. */
  accounts: Map<string, CryptoKey>;
  tokensIssued: number;
  detectCalls: { project: string; session: string; text: string; languageCode: string }[];
  handle(request: Request): Promise<Response>;
}

export function fakeGoogle(tokenUrl: string): FakeGoogle {
  const accounts = new Map<string, CryptoKey>();
  const tokens = new Set<string>();
  const detectCalls: FakeGoogle["detectCalls"] = [];
  const state = { tokensIssued: 0 };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/token") return token(request);
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(url.pathname);
    if (request.method === "POST" && detect) {
      const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!bearer || !tokens.has(bearer)) return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
      const project = decodeURIComponent(detect[1]!);
      const body = (await request.json().catch(() => ({}))) as { queryInput?: { text?: { text?: string; languageCode?: string } } };
      const text = body.queryInput?.text?.text ?? "";
      const languageCode = body.queryInput?.text?.languageCode ?? "";
      if (!text || !languageCode) return googleError(400, "INVALID_ARGUMENT", "Query text and language code are required.");
      detectCalls.push({ project, session: decodeURIComponent(detect[2]!), text, languageCode });
      if (project === "fail-403") return googleError(403, "PERMISSION_DENIED", "Dialogflow API has not been used in project.");
      if (project === "fail-429") return googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded.");
      if (project === "fail-500") return googleError(500, "INTERNAL", "Internal error.");
      const slow = /^slow-(\d+)/.exec(project);
      if (slow) await new Promise((r) => setTimeout(r, Number(slow[1])));
      return Response.json({ responseId: crypto.randomUUID(), queryResult: answer(text, languageCode) });
    }
    return googleError(404, "NOT_FOUND", "Not found.");
  }

  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return oauthError("unsupported_grant_type", "Invalid grant_type.");
    const parts = (form.get("assertion") ?? "").split(".");
    if (parts.length !== 3) return oauthError("invalid_grant", "Invalid JWT.");
    const [header, claims] = parts.slice(0, 2).map((p) => JSON.parse(new TextDecoder().decode(fromBase64Url(p)))) as [{ alg?: string }, { iss?: string; aud?: string; exp?: number; iat?: number; scope?: string }];
    const key = accounts.get(claims.iss ?? "");
    if (header.alg !== "RS256" || !key) return oauthError("invalid_grant", "Invalid JWT Signature.");
    const valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, fromBase64Url(parts[2]!), new TextEncoder().encode(`${parts[0]}.${parts[1]}`));
    if (!valid) return oauthError("invalid_grant", "Invalid JWT Signature.");
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== tokenUrl || !claims.exp || claims.exp < now || !claims.scope) return oauthError("invalid_grant", "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.");
    const accessToken = `ya29.fake-${crypto.randomUUID()}`;
    tokens.add(accessToken);
    state.tokensIssued++;
    return Response.json({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  return {
    accounts,
    get tokensIssued() {
      return state.tokensIssued;
    },
    detectCalls,
    handle,
  };
}

function answer(text: string, languageCode: string) {
  const said = text.toLowerCase();
  const base = { queryText: text, languageCode, allRequiredParamsPresent: true, intentDetectionConfidence: 1 };
  const say = (texts: string[]) => ({ fulfillmentText: texts[0], fulfillmentMessages: texts.map((t) => ({ text: { text: [t] } })) });
  if (/\b(atendente|humano|tchau)\b/.test(said)) {
    return { ...base, ...say(["Certo, vou te passar para um atendente."]), intent: { name: "projects/p/agent/intents/2", displayName: "Encerrar", endInteraction: true } };
  }
  if (/hor[áa]rio/.test(said)) return { ...base, ...say(["Atendemos de segunda a sexta.", "Das 8h às 18h."]), intent: { name: "projects/p/agent/intents/3", displayName: "Horario" } };
  if (/^(oi|olá|ola|hello|hola)(?=$|[\s!,.?])/.test(said)) {
    return { ...base, ...say(["Olá! Sou o robô do Dialogflow. Como posso ajudar?"]), intent: { name: "projects/p/agent/intents/1", displayName: "Default Welcome Intent" } };
  }
  return { ...base, ...say(["Desculpe, não entendi."]), intent: { name: "projects/p/agent/intents/0", displayName: "Default Fallback Intent", isFallback: true } };
}

function googleError(code: number, status: string, message: string) {
  return Response.json({ error: { code, message, status } }, { status: code });
}

function oauthError(error: string, description: string) {
  return Response.json({ error, error_description: description }, { status: 400 });
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** A new service account (an RSA key pair made here) the fake knows: its JSON, as Google's console downloads it. */
export async function fakeServiceAccount(fake: FakeGoogle, projectId = "demo-agent") {
  const pair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  let binary = "";
  for (const b of pkcs8) binary += String.fromCharCode(b);
  const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(binary).replace(/.{64}/g, "$&\n")}\n-----END PRIVATE KEY-----\n`;
  const clientEmail = `bot-${crypto.randomUUID().slice(0, 8)}@${projectId}.iam.gserviceaccount.com`;
  fake.accounts.set(clientEmail, pair.publicKey);
  return JSON.stringify({
    type: "service_account",
    project_id: projectId,
    private_key_id: crypto.randomUUID().replace(/-/g, ""),
    private_key: pem,
    client_email: clientEmail,
    client_id: "1234567890",
    token_uri: "https://oauth2.googleapis.com/token",
  });
}
