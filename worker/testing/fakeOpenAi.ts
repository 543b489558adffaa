/**
 * A stand-in for OpenAI's chat completions API, speaking its documented protocol (Bearer key, JSON body,
 * choices/message/tool_calls/usage, error bodies { error: { message, type, code } }). Plain web APIs only, so the
 * worker tests (through a fetch spy) and the journeys and benchmarks (through a Node server, e2e/support) run the
 * same fake.
 *
 * The key chooses the behaviour, so a prompt saved through the API picks its failure mode:
 *   sk-fake-…            answers
 *   sk-fake-401…         401 invalid_api_key            sk-fake-quota…   429 insufficient_quota
 *   sk-fake-429…         429 rate limit (Retry-After 0)  sk-fake-500…     500
 *   sk-fake-flaky…       500 on the first call, then answers
 *   sk-fake-slow-<ms>…   answers after <ms> milliseconds
 * anything else: 401.
 *
 * The model's "decision": a last user message asking for a human ("atendente", "humano", "human", "agent")
 * is answered with a transfer_to_human tool call (with the queue named after "fila " when there is one);
 * anything else with `Resposta do assistente: <last user message>`.
 *
 * Voice, with the same keys: POST …/audio/transcriptions (multipart `file` and `model`) answers `{ text }`, the text
 * after "SAY:" in the file's bytes when there is one, else "Olá, isto é uma nota de voz."; POST …/audio/speech (JSON
 * model, input, voice, response_format) answers Ogg bytes that carry the input ("OggS" then the text).
 */
export interface FakeOpenAiCall {
  path: string;
  authorization: string | null;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
    tools?: { type: string; function: { name: string; parameters: { properties?: Record<string, { enum?: string[] }> } } }[];
  };
}

export interface FakeOpenAi {
  calls: FakeOpenAiCall[];
  transcriptions: { filename: string; model: string; mimetype: string }[];
  speech: { model: string; input: string; voice: string; responseFormat: string }[];
  handle(request: Request): Promise<Response>;
}

const HUMAN = /\b(atendente|humano|human|agent)\b/i;

export function fakeOpenAi(): FakeOpenAi {
  const calls: FakeOpenAiCall[] = [];
  const transcriptions: FakeOpenAi["transcriptions"] = [];
  const speech: FakeOpenAi["speech"] = [];
  const flakySeen = new Set<string>();
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && (url.pathname.endsWith("/audio/transcriptions") || url.pathname.endsWith("/audio/speech"))) return voice(request, url.pathname);
    if (request.method !== "POST" || !url.pathname.endsWith("/chat/completions")) {
      return error(404, "Unknown endpoint", "invalid_request_error", "unknown_url");
    }
    const authorization = request.headers.get("authorization");
    const body = (await request.json()) as FakeOpenAiCall["body"];
    calls.push({ path: url.pathname, authorization, body });
    const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? "";
    if (!key.startsWith("sk-fake") || key.startsWith("sk-fake-401")) return error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    if (key.startsWith("sk-fake-quota")) return error(429, "You exceeded your current quota.", "insufficient_quota", "insufficient_quota");
    if (key.startsWith("sk-fake-429")) return error(429, "Rate limit reached.", "requests", "rate_limit_exceeded", { "retry-after": "0" });
    if (key.startsWith("sk-fake-500")) return error(500, "The server had an error.", "server_error", null);
    if (key.startsWith("sk-fake-flaky") && !flakySeen.has(key)) {
      flakySeen.add(key);
      return error(500, "The server had an error.", "server_error", null);
    }
    const slow = /^sk-fake-slow-(\d+)/.exec(key);
    if (slow) await new Promise((r) => setTimeout(r, Number(slow[1])));
    if (!Array.isArray(body.messages) || typeof body.model !== "string") return error(400, "messages and model are required", "invalid_request_error", null);

    const lastUser = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const promptTokens = body.messages.reduce((n, m) => n + Math.ceil(m.content.length / 4), 0);
    const wantsHuman = HUMAN.test(lastUser) && body.tools?.some((t) => t.function.name === "transfer_to_human");
    if (wantsHuman) {
      const queues = body.tools!.find((t) => t.function.name === "transfer_to_human")!.function.parameters.properties?.queue?.enum ?? [];
      const named = queues.find((q) => lastUser.toLowerCase().includes(`fila ${q.toLowerCase()}`));
      const args = JSON.stringify(named ? { queue: named, reason: "pedido do contato" } : { reason: "pedido do contato" });
      return completion({ role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "transfer_to_human", arguments: args } }] }, "tool_calls", promptTokens, 12);
    }
    const content = `Resposta do assistente: ${lastUser}`;
    return completion({ role: "assistant", content }, "stop", promptTokens, Math.ceil(content.length / 4));
  }
  async function refusal(request: Request): Promise<Response | null> {
    const key = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
    if (!key.startsWith("sk-fake") || key.startsWith("sk-fake-401")) return error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    if (key.startsWith("sk-fake-quota")) return error(429, "You exceeded your current quota.", "insufficient_quota", "insufficient_quota");
    if (key.startsWith("sk-fake-429")) return error(429, "Rate limit reached.", "requests", "rate_limit_exceeded", { "retry-after": "0" });
    if (key.startsWith("sk-fake-500")) return error(500, "The server had an error.", "server_error", null);
    const slow = /^sk-fake-slow-(\d+)/.exec(key);
    if (slow) await new Promise((r) => setTimeout(r, Number(slow[1])));
    return null;
  }

  async function voice(request: Request, path: string): Promise<Response> {
    const refused = await refusal(request);
    if (refused) return refused;
    if (path.endsWith("/audio/transcriptions")) {
      const form = await request.formData().catch(() => null);
      const file = form?.get("file");
      const model = form?.get("model");
      if (!form || typeof file === "string" || !file || typeof model !== "string") return error(400, "file and model are required", "invalid_request_error", null);
      transcriptions.push({ filename: file.name, model, mimetype: file.type });
      const said = /SAY:([^\u0000]*)/.exec(new TextDecoder().decode(await file.arrayBuffer()))?.[1]?.trim();
      return Response.json({ text: said || "Olá, isto é uma nota de voz." });
    }
    const body = (await request.json().catch(() => null)) as { model?: string; input?: string; voice?: string; response_format?: string } | null;
    if (!body?.model || !body.input || !body.voice) return error(400, "model, input and voice are required", "invalid_request_error", null);
    speech.push({ model: body.model, input: body.input, voice: body.voice, responseFormat: body.response_format ?? "mp3" });
    return new Response(oggCarrying(body.input), { headers: { "content-type": body.response_format === "opus" ? "audio/ogg" : "audio/mpeg" } });
  }

  return { calls, transcriptions, speech, handle };
}

/** Bytes that start as an Ogg page does and carry `text`, so a test can tell which answer was spoken. */
export function oggCarrying(text: string): Uint8Array<ArrayBuffer> {
  const said = new TextEncoder().encode(text);
  const bytes = new Uint8Array(4 + 60 + said.length);
  bytes.set([0x4f, 0x67, 0x67, 0x53]);
  bytes.set(said, 64);
  return bytes;
}

/**
 * A stand-in for Azure's text-to-speech REST API (POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1:
 * Ocp-Apim-Subscription-Key, SSML body, X-Microsoft-OutputFormat). Keys: "az-fake…" answers, "az-fake-429…" 429,
 * "az-fake-500…" 500, anything else 401. Answers Ogg bytes carrying the spoken text.
 */
export function fakeAzureSpeech() {
  const calls: { region: string; ssml: string; outputFormat: string | null }[] = [];
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = request.headers.get("ocp-apim-subscription-key") ?? "";
    if (request.method !== "POST" || !url.pathname.endsWith("/cognitiveservices/v1")) return new Response("Not found", { status: 404 });
    if (!key.startsWith("az-fake")) return new Response(null, { status: 401 });
    if (key.startsWith("az-fake-429")) return new Response(null, { status: 429, headers: { "retry-after": "0" } });
    if (key.startsWith("az-fake-500")) return new Response(null, { status: 500 });
    if (!(request.headers.get("content-type") ?? "").startsWith("application/ssml+xml")) return new Response(null, { status: 415 });
    const ssml = await request.text();
    calls.push({ region: url.hostname.split(".")[0]!, ssml, outputFormat: request.headers.get("x-microsoft-outputformat") });
    const spoken = /<voice[^>]*>([\s\S]*)<\/voice>/.exec(ssml)?.[1] ?? "";
    return new Response(oggCarrying(spoken), { headers: { "content-type": "audio/ogg" } });
  }
  return { calls, handle };
}

function completion(message: Record<string, unknown>, finishReason: string, promptTokens: number, completionTokens: number) {
  return Response.json({
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake",
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}

function error(status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) {
  return Response.json({ error: { message, type, param: null, code } }, { status, headers });
}
