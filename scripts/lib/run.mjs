import { spawn } from "node:child_process";
import { ROOT, bin } from "./paths.mjs";

/**
 * Runs a command to completion. Output is streamed with a prefix unless `capture` is set, in which case it is
 * returned (and shown only when the command fails). Rejects with the exit code and captured output on failure.
 */
export function run(command, args, { cwd = ROOT, env = {}, capture = false, prefix = "", input, onSpawn } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env },
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    onSpawn?.(child);
    let stdout = "";
    let stderr = "";
    const forward = (stream, chunk) => {
      if (capture) return;
      const text = chunk.toString();
      stream.write(prefix ? text.replace(/^(?=.)/gm, prefix) : text);
    };
    child.stdout.on("data", (c) => {
      stdout += c;
      forward(process.stdout, c);
    });
    child.stderr.on("data", (c) => {
      stderr += c;
      forward(process.stderr, c);
    });
    if (input !== undefined) child.stdin.end(input);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr });
      const err = new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}${capture ? `\n${stdout}\n${stderr}` : ""}`);
      Object.assign(err, { code, stdout, stderr });
      reject(err);
    });
  });
}

/** wrangler from node_modules, with metrics off. */
export const wrangler = (args, options) => run(bin("wrangler"), args, options);

/** Runs a SQL query against the local D1 and answers its rows. */
export async function localQuery(sql, persistTo) {
  const { stdout } = await wrangler(["d1", "execute", "zapdesk", "--local", "--persist-to", persistTo, "--json", "--command", sql], {
    capture: true,
  });
  return parseD1Json(stdout)[0]?.results ?? [];
}

/** `wrangler d1 execute --json` prints a JSON array of statement results (sometimes after other output). */
export function parseD1Json(stdout) {
  const start = stdout.indexOf("[");
  if (start < 0) throw new Error(`no JSON in wrangler output:\n${stdout}`);
  return JSON.parse(stdout.slice(start));
}
