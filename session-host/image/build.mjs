// Bundles the session host (its code and the worker contracts it shares) into one ES module for its container image:
// npm packages stay external and are installed from session-host/image/package.json beside the bundle.
// Usage: node session-host/image/build.mjs [outfile]   (default session-host/image/dist/session-host.mjs)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export async function bundleSessionHost(outfile = path.join(root, "session-host/image/dist/session-host.mjs")) {
  await build({
    entryPoints: [path.join(root, "session-host/src/server.ts")],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await bundleSessionHost(process.argv[2] ? path.resolve(process.argv[2]) : undefined));
}
