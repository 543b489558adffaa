/**
 * A stand-in for a Typebot server's chat API (docs.typebot.io, "Deploy > API"): POST /api/v1/typebots/{publicId}/startChat
 * and POST /api/v1/sessions/{sessionId}/continueChat, answering `{ sessionId?, messages, input }` with markdown text
 * bubbles, media bubbles by URL and a choice input; an unknown session is a 404, as Typebot answers one that ended.
 * Plain web APIs, so the worker tests (a fetch spy) and the demo's fakes server (Node) run the same fake. GET
 * /media/{name} serves the files its media bubbles point at.
 *
 * The public id chooses the behaviour: "fail-401", "fail-429", "fail-500" always fail so; "flaky…" fails (500) on
 * its first call, then works; "slow-<ms>…" answers after <ms>; "agent-<userId>" starts with "Um momento." and the
 * command bubble #{"userId":<userId>}; "internal-picture", "redirected-picture" and "page-as-picture" answer one
 * image bubble (and end) whose URL is on a loopback address (INTERNAL_MEDIA_URL), redirects there (GET
 * /media/redirect), or serves an HTML page as image/png (GET /media/page.png): what the egress guard must stop;
 * anything else runs the flow below.
 *
 * The flow ("Atendimento"): a greeting with the contact's name (prefilled variable pushName), a picture, and a
 * choice of "Ver planos", "Falar com atendente", "Encerrar".
 *   Ver planos          -> a text and an audio bubble, then a text input "Qual é o seu e-mail?"; any answer -> "Obrigado, <answer>!" and the end.
 *   Falar com atendente -> "Vou te passar para a equipe." and the command bubble #{"queue":"Suporte"}.
 *   Encerrar            -> "Até logo!" and the end (no input).
 *   anything else       -> "Resposta inválida." and the same choice again (Typebot's retry).
 */
export interface FakeTypebotCall {
  path: string;
  body: { message?: { type: string; text: string } | string; prefilledVariables?: Record<string, string>; textBubbleContentFormat?: string };
}

export interface FakeTypebot {
  calls: FakeTypebotCall[];
  sessions: Map<string, string>;
  handle(request: Request): Promise<Response>;
}

const CHOICES = ["Ver planos", "Falar com atendente", "Encerrar"];

/** Where an attacker's flow points a picture: a service on the worker's own machine. */
export const INTERNAL_MEDIA_URL = "http://127.0.0.1:7/internal-secret.png";

// A 1×1 PNG and a few bytes of an Ogg page: enough for a file that is what its type says.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, ...new Array(58).fill(0)]);

export function fakeTypebot(): FakeTypebot {
  const calls: FakeTypebotCall[] = [];
  const sessions = new Map<string, string>();
  const flakySeen = new Set<string>();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // Mounted under a prefix (the demo's fakes server: /typebot), its media links keep it.
    const cut = url.pathname.search(/\/(api\/v1|media)\//);
    const origin = url.origin + (cut > 0 ? url.pathname.slice(0, cut) : "");
    const path = cut > 0 ? url.pathname.slice(cut) : url.pathname;
    if (request.method === "GET" && path === "/media/logo.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
    if (request.method === "GET" && path === "/media/planos.ogg") return new Response(OGG, { headers: { "content-type": "audio/ogg" } });
    if (request.method === "GET" && path === "/media/redirect") return new Response(null, { status: 302, headers: { location: INTERNAL_MEDIA_URL } });
    if (request.method === "GET" && path === "/media/page.png") return new Response("<!doctype html><script>alert(1)</script>", { headers: { "content-type": "image/png" } });
    if (request.method !== "POST") return Response.json({ message: "Not found" }, { status: 404 });
    let body: FakeTypebotCall["body"] = {};
    try {
      body = (await request.json()) as FakeTypebotCall["body"];
    } catch {
      return Response.json({ message: "Invalid JSON" }, { status: 400 });
    }
    calls.push({ path, body });

    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (start) {
      const publicId = decodeURIComponent(start[1]!);
      const failed = await failure(publicId);
      if (failed) return failed;
      const sessionId = `sess_${crypto.randomUUID()}`;
      const pictures: Record<string, string | undefined> = { "internal-picture": INTERNAL_MEDIA_URL, "redirected-picture": `${origin}/media/redirect`, "page-as-picture": `${origin}/media/page.png` };
      const picture = pictures[publicId];
      if (picture) return Response.json({ sessionId, messages: [text("Veja:"), { id: "p1", type: "image", content: { url: picture } }], input: null });
      const agent = /^agent-(\d+)$/.exec(publicId);
      if (agent) return Response.json({ sessionId, messages: [text("Um momento."), text(`#{"userId":${agent[1]}}`)], input: null });
      sessions.set(sessionId, "menu");
      const name = body.prefilledVariables?.pushName || "cliente";
      return Response.json({
        sessionId,
        typebot: { id: publicId, version: "6" },
        messages: [text(`Olá, ${name}! Bem-vindo ao atendimento.`), { id: "b2", type: "image", content: { url: `${origin}/media/logo.png` } }],
        input: choice(),
      });
    }
    const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (cont) {
      const sessionId = decodeURIComponent(cont[1]!);
      const step = sessions.get(sessionId);
      if (!step) return Response.json({ message: "Session not found.", code: "NOT_FOUND" }, { status: 404 });
      const said = (typeof body.message === "string" ? body.message : body.message?.text ?? "").trim();
      if (step === "email") {
        sessions.delete(sessionId);
        return Response.json({ messages: [text(`Obrigado, ${said}!`)] });
      }
      if (said === "Ver planos") {
        sessions.set(sessionId, "email");
        return Response.json({
          messages: [text("Nossos planos: **Básico** e **Pro**."), { id: "a1", type: "audio", content: { url: `${origin}/media/planos.ogg` } }],
          input: { id: "in2", type: "text input", options: { labels: { placeholder: "Seu e-mail" } }, prefilledValue: null, },
        });
      }
      if (said === "Falar com atendente") {
        sessions.delete(sessionId);
        return Response.json({ messages: [text("Vou te passar para a equipe."), text('#{"queue":"Suporte"}')] });
      }
      if (said === "Encerrar") {
        sessions.delete(sessionId);
        return Response.json({ messages: [text("Até logo!")] });
      }
      return Response.json({ messages: [text("Resposta inválida.")], input: choice() });
    }
    return Response.json({ message: "Not found" }, { status: 404 });
  }

  async function failure(publicId: string): Promise<Response | null> {
    if (publicId === "fail-401") return Response.json({ message: "Unauthorized", code: "UNAUTHORIZED" }, { status: 401 });
    if (publicId === "fail-429") return Response.json({ message: "Too many requests" }, { status: 429, headers: { "retry-after": "0" } });
    if (publicId === "fail-500") return Response.json({ message: "Internal error" }, { status: 500 });
    if (publicId.startsWith("flaky") && !flakySeen.has(publicId)) {
      flakySeen.add(publicId);
      return Response.json({ message: "Internal error" }, { status: 500 });
    }
    const slow = /^slow-(\d+)/.exec(publicId);
    if (slow) await new Promise((r) => setTimeout(r, Number(slow[1])));
    return null;
  }

  return { calls, sessions, handle };
}

function text(markdown: string) {
  return { id: crypto.randomUUID(), type: "text", content: { type: "markdown", markdown } };
}

function choice() {
  return { id: "in1", type: "choice input", items: CHOICES.map((content, i) => ({ id: `c${i}`, content })), options: { isMultipleChoice: false } };
}
