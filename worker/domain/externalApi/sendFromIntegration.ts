import type { ExternalSendInput } from "../../contracts/externalApi";
import { IDEMPOTENCY_KEY_MAX } from "../../contracts/externalApi";
import type { Db } from "../../db/client";
import { whatsapps, type Whatsapp } from "../../db/tenant";
import { and, eq } from "drizzle-orm";
import type { Env } from "../../env";
import { sessionHost } from "../sessionHost/hostClient";
import { normalizePhoneNumber } from "../contacts/phoneNumber";
import { AppError, fieldError } from "../errors";
import type { HubPort } from "../hubPort";
import { removeStoredMedia, storeUploadedMedia } from "../messages/uploadedMedia";
import { completeIdempotencyKey, releaseIdempotencyKey, requestFingerprint, reserveIdempotencyKey, type IdempotencySlot } from "./idempotencyKeys";

/**
 * POST /api/messages/send for an authorised connection: checks the number with WhatsApp through that
 * connection, stores the files, and has the company's hub write the contact, ticket and messages (delivery is
 * queued). With an Idempotency-Key, a repeat of an answered request gets the first answer and sends nothing.
 * A refused request writes nothing: stored files are removed and the key is freed. Runs in the company's hub
 * (`hub` is that hub's port; the external API carries no user session, so there is no agent's context).
 */
export async function sendFromIntegration({
  db,
  env,
  hub,
  input,
}: {
  db: Db;
  env: Env;
  hub: HubPort;
  input: { connection: Pick<Whatsapp, "id" | "companyId">; idempotencyKey?: string; send: ExternalSendInput; files: File[] };
}): Promise<{ status: 201 | number; body: unknown; replayed: boolean }> {
  const { connection, send, files } = input;
  const key = input.idempotencyKey?.trim();
  if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))) {
    throw fieldError({ "Idempotency-Key": `1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters` });
  }
  if (!send.body.trim() && files.length === 0) throw fieldError({ body: "Required (or attach files in medias)" });
  const number = normalizePhoneNumber(send.number);
  if (!number) throw fieldError({ number: "Not a valid phone number: country code + area code + number" });

  const slot: IdempotencySlot | null = key
    ? { companyId: connection.companyId, whatsappId: connection.id, key, requestHash: await requestFingerprint({ ...send, number }, files) }
    : null;
  if (slot) {
    const reservation = await reserveIdempotencyKey(db, slot);
    if (reservation.kind === "replay") return { status: reservation.status, body: reservation.body, replayed: true };
  }

  try {
    // WhatsApp's own form of the number (e.g. Brazil's ninth digit) is what the contact is stored under. The Cloud
    // API has no such check: Meta says by webhook (131026) when a number cannot be reached.
    let waNumber = number;
    const { channel } = (await db
      .select({ channel: whatsapps.channel })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, connection.companyId), eq(whatsapps.id, connection.id)))
      .get()) ?? { channel: "baileys" };
    if (channel !== "cloud") {
      const checked = await sessionHost(env).checkNumber(connection.id, number);
      if (!checked.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", undefined, { number });
      waNumber = checked.number.replace(/\D/g, "") || number;
    }

    const ctx = { env, companyId: connection.companyId };
    const media = await storeUploadedMedia(ctx, files);
    let body;
    try {
      body = await hub.sendExternal({ whatsappId: connection.id, number: waNumber, body: send.body, media, closeTicket: send.closeTicket });
    } catch (err) {
      // Refused by the hub: nothing was written, so the files go too.
      if (err instanceof AppError) await removeStoredMedia(ctx, media);
      throw err;
    }
    // The message is sent: failing to remember the answer must not turn it into an error (the pending row then
    // expires in minutes, and a retry within them is told the key is in progress rather than sending twice).
    if (slot) await completeIdempotencyKey(db, slot, 201, body).catch((err) => console.error("idempotency key not saved", String(err)));
    return { status: 201, body, replayed: false };
  } catch (err) {
    if (slot) await releaseIdempotencyKey(db, slot);
    throw err;
  }
}
