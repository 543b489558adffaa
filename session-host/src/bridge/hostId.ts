import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const FILE = "host-id";
const VALID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * This host's name towards the worker. Generated once and kept in the state directory: a host that crashes and
 * comes back keeps its id, so the worker hands it back its own leases at once instead of after they lapse.
 */
export async function resolveHostId(stateDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(stateDir, FILE);
  const stored = await readFile(file, "utf8").then(
    (text) => text.trim(),
    () => "",
  );
  if (VALID.test(stored)) return stored;
  const name = os.hostname().replace(/[^A-Za-z0-9.-]/g, "-").slice(0, 60) || "host";
  const id = `${name}-${randomBytes(4).toString("hex")}`;
  await mkdir(stateDir, { recursive: true });
  await writeFile(`${file}.tmp`, `${id}\n`);
  await rename(`${file}.tmp`, file);
  return id;
}
