import { eq } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { platformLogos } from "../../db/control";
import type { Env } from "../../env";
import { AppError } from "../errors";
import { logoKindOf, logoObjectKey } from "./catalogue";

/** A year: a versioned logo URL never changes content (a new upload is a new version). */
const VERSIONED = "public, max-age=31536000, immutable";
/** The unversioned URL (bookmarks, an old page) is checked again after five minutes. */
const UNVERSIONED = "public, max-age=300";

/**
 * GET /api/logos/:kind (no session: the login page shows it). An SVG is served under a policy that runs nothing
 * in it, even when opened directly.
 */
export async function getLogoFile({ control, env, input }: { control: ControlDb; env: Env; input: { kind: string; version: string | undefined } }) {
  const kind = logoKindOf(input.kind);
  if (!kind) throw new AppError("ERR_NOT_FOUND");
  const row = await control.select().from(platformLogos).where(eq(platformLogos.kind, kind)).get();
  const object = row ? await env.MEDIA.get(logoObjectKey(kind)) : null;
  if (!row || !object) throw new AppError("ERR_NOT_FOUND");
  const headers = new Headers({
    "content-type": row.contentType,
    "content-length": String(row.size),
    "cache-control": input.version === String(row.version) ? VERSIONED : UNVERSIONED,
    etag: `"${row.version}"`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  return { body: object.body, headers, etag: `"${row.version}"` };
}
