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
  handle(request: Request): Promise<Response>;
}

const HUMAN = /\b(atendente|humano|human|agent)\b/i;

export function fakeOpenAi(): FakeOpenAi {
  const calls: FakeOpenAiCall[] = [];
  const flakySeen = new Set<string>();
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
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
