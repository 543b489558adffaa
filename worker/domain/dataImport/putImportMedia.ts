import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { importCompany } from "./reachImport";

/**
 * PUT /api/platform/imports/:id/media?key=<source key>: one file of the source, stored under its moved key
 * (`companies/<source>/…` → `companies/<target>/…`). Idempotent: the same key again overwrites the same object.
 * The body streams to R2 at its declared length (checked against the cap by the route).
 */
export async function putImportMedia({ ctx, input }: { ctx: Ctx; input: { id: number; key: string; body: ReadableStream<Uint8Array>; size: number; contentType: string | null } }) {
  const company = await importCompany(ctx, input.id);
  const state = await ctx.hubs.of(company.id).call("importState", { importId: input.id });
  const prefix = `companies/${state.source.companyId}/`;
  if (!input.key.startsWith(prefix)) throw fieldError({ key: `Must start with ${prefix}` });
  const key = `companies/${company.id}/${input.key.slice(prefix.length)}`;
  const stream = input.body.pipeThrough(new FixedLengthStream(input.size));
  await ctx.env.MEDIA.put(key, stream, input.contentType ? { httpMetadata: { contentType: input.contentType } } : undefined);
  return { key, size: input.size };
}
