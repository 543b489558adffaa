// CPU profiles of the worker and its Durable Objects, through workerd's inspector (Chrome DevTools protocol).
// The app must have been started with ZAPDESK_INSPECTOR_PORT (scripts/worker-server.mjs opens it there).
import WebSocket from "ws";

/** Connects to the inspector target of the worker `name` (Miniflare lists one target per worker). */
export async function openProfiler(inspectorPort, name = "zapdesk") {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const target = targets.find((t) => String(t.title ?? "").includes(name) || String(t.url ?? "").includes(name)) ?? targets[0];
  if (!target) throw new Error(`no inspector target on port ${inspectorPort}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let nextId = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString());
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${msg.error.message}`));
      else resolve(msg.result);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  return {
    start: () => send("Profiler.start"),
    /** Stops and answers the profile (the protocol's Profiler.Profile). */
    stop: async () => (await send("Profiler.stop")).profile,
    close: () => ws.close(),
  };
}

/**
 * The functions where the samples landed (self time) and the time under each (total), in ms, heaviest first.
 * Frames are named `function (file:line)`; the idle and program pseudo-frames are kept, so shares add up.
 */
export function summarizeProfile(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const name = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split("/").pop() : "";
    return `${f.functionName || "(anonymous)"}${file ? ` (${file}:${f.lineNumber + 1})` : ""}`;
  };
  const self = new Map();
  const total = new Map();
  for (const [id, ms] of selfMs) {
    self.set(name(byId.get(id)), (self.get(name(byId.get(id))) ?? 0) + ms);
    // Each frame on the sample's stack once (recursion counted once).
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  const all = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const rank = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs: all, self: rank(self), total: rank(total) };
}

/** Prints a summary of summarizeProfile: self time, then total time, heaviest first. */
export function printProfile(label, { totalMs, self, total }) {
  const row = ([name, ms]) => `  ${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${name}`;
  console.log(`\nCPU profile of workerd, ${label}: ${totalMs.toFixed(0)} ms sampled`);
  console.log("self time:");
  for (const r of self) console.log(row(r));
  console.log("total time (the function and what it calls):");
  for (const r of total) console.log(row(r));
}
