import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeOpenAi, type FakeOpenAi } from "../../worker/testing/fakeOpenAi";

/**
 * The fake OpenAI of the worker tests (worker/testing/fakeOpenAi.ts) served over HTTP on 127.0.0.1, for the
 * journeys and the benchmarks: a prompt whose base URL is `url` talks to it through the real client.
 */
export async function startFakeOpenAi(
  /** Told, with the request's last user message, when its answer is handed to the socket (a benchmark's clock). */
  onReply: (lastUserMessage: string, at: number) => void = () => {},
): Promise<{ url: string; calls: FakeOpenAi["calls"]; close: () => Promise<void> }> {
  const fake = fakeOpenAi();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const answer = await fake.handle(request);
    const bytes = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(bytes);
    onReply(lastUserOf(Buffer.concat(chunks)), performance.now());
  });
  // The journeys' port is on the app's egress allow-list (scripts/e2e.mjs); elsewhere (a benchmark) any free port,
  // which its caller puts on the list.
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_JOURNEY_FAKE_PORT) || 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls: fake.calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function lastUserOf(body: Buffer): string {
  try {
    const messages = (JSON.parse(body.toString("utf8")) as { messages?: { role: string; content: string }[] }).messages ?? [];
    return [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  } catch {
    return "";
  }
}
