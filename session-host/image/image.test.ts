import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { bundleSessionHost } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

describe("the session host's container image", () => {
  it("installs the same versions of the packages the bundle imports as the tests run with", () => {
    const image = JSON.parse(read("session-host/image/package.json")) as { dependencies: Record<string, string> };
    for (const [name, version] of Object.entries(image.dependencies)) {
      expect(JSON.parse(read(`node_modules/${name}/package.json`)).version, name).toBe(version);
    }
  });

  it("bundles only files the Dockerfile copies, and imports no package the image does not install", async () => {
    const result = await build({
      entryPoints: [path.join(root, "session-host/src/server.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const copied = [...read("session-host/Dockerfile").matchAll(/^COPY (?!--from)(\S+) /gm)].map((m) => m[1]!.replace(/^\.\//, ""));
    for (const input of Object.keys(result.metafile.inputs)) {
      expect(copied.some((dir) => input === dir || input.startsWith(`${dir}/`)), input).toBe(true);
    }
    const installed = Object.keys(JSON.parse(read("session-host/image/package.json")).dependencies);
    const imported = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !i.path.startsWith("node:")).map((i) => i.path));
    for (const name of imported) expect(installed.some((p) => name === p || name.startsWith(`${p}/`)), name).toBe(true);
  });

  it("runs as a bundle: the image's command starts a host that answers", async () => {
    const outfile = await bundleSessionHost();
    const stateDir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-image-"));
    const child = spawn(process.execPath, [outfile], {
      env: { PATH: process.env.PATH, SESSION_HOST_BRIDGE: "off", SESSION_HOST_PORT: "0", SESSION_HOST_STATE_DIR: stateDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.stderr!.on("data", (d) => (out += d));
      child.on("exit", (code) => reject(new Error(`the bundle exited ${code}:\n${out}`)));
    });
    const health = await fetch(`${url}/health`).then((r) => r.json());
    expect(health).toMatchObject({ ok: true, provider: "simulator" });
  }, 60_000);
});
