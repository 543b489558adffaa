// The old backend/public folder, or a tar of it: where a legacy message's file is read from.
import { readFile, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { TarIndex } from "./tarIndex";

export interface MediaSource {
  /** The file's bytes, or null when it is not there. */
  read(path: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

export async function openMedia(path: string | undefined): Promise<MediaSource | null> {
  if (!path) return null;
  const info = await stat(path);
  if (info.isDirectory()) {
    const root = resolve(path);
    return {
      async read(file) {
        const full = resolve(join(root, file));
        if (!full.startsWith(root + sep)) return null;
        try {
          return await readFile(full);
        } catch {
          return null;
        }
      },
      async close() {},
    };
  }
  const tar = await TarIndex.open(path);
  return { read: (file) => tar.read(file), close: () => tar.close() };
}
