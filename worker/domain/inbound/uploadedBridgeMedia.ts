import type { ControlDb } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../errors";
import { safeName } from "../messages/uploadedMedia";
import { companyOfConnection } from "../sessionHost/connectionRoutes";

/** Where a company's inbound message files live in R2; an event may only name a key under its own company. */
export const inboundMediaPrefix = (companyId: number) => `companies/${companyId}/messages/`;

export function inboundMediaKey(companyId: number, filename: string) {
  return `${inboundMediaPrefix(companyId)}${crypto.randomUUID()}/${safeName(filename)}`;
}

/**
 * A file the session host uploads ahead of the message that carries it (media too big to ride inside the event):
 * streamed into R2 under the connection's company, R2 checking the bytes against the signed SHA-256, so a
 * corrupted or substituted body is refused and nothing is stored. Answers the key for the event to name.
 */
export async function storeUploadedBridgeMedia(
  control: ControlDb,
  env: Env,
  input: { connectionId: number; body: ReadableStream; sha256: string; filename: string; mimetype: string },
): Promise<{ key: string }> {
  const companyId = await companyOfConnection(control, input.connectionId);
  if (companyId === null) throw new AppError("ERR_NO_WAPP_FOUND");
  const key = inboundMediaKey(companyId, input.filename);
  try {
    await env.MEDIA.put(key, input.body, { sha256: input.sha256, httpMetadata: { contentType: input.mimetype } });
  } catch (err) {
    // R2 refuses a body whose digest differs from the declared one ("BadDigest"); anything else is ours.
    if (/digest|checksum|sha-?256/i.test(String(err))) throw new AppError("ERR_MEDIA_CHECKSUM");
    throw err;
  }
  return { key };
}
