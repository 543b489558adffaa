import { Hono } from "hono";
import { externalSendInput } from "../../contracts/externalApi";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "../../contracts/messages";
import { AppError } from "../../domain/errors";
import { assertPlanFeature } from "../../domain/plans/planLimits";
import { hubHere } from "../../hub/ports";
import { HUB_CONNECTION_HEADER } from "../forwarding";
import { parsePlatformId } from "../../contracts/ids";
import { sendFromIntegration } from "../../domain/externalApi/sendFromIntegration";
import { assertSendableFiles } from "../../domain/messages/uploadedMedia";
import { formBody, isMultipart, jsonBody, parseWith, type AppContext, type AppEnv } from "../http";

/**
 * POST /api/messages/send, the external API: authenticated by a connection's bearer token only (no user
 * session, no cookie), so integrations send as that connection; the edge found the connection by its token. Mounted before /messages, whose
 * /:ticketId routes would otherwise take "send" for a ticket id.
 */
export const externalApiRoutes = new Hono<AppEnv>().post("/send", async (c) => {
  const db = c.get("db");
  // Authorised at the edge (edge.ts) before the body is read, which names the connection for this hub.
  const hub = hubHere(c.env);
  const connectionId = parsePlatformId(c.req.header(HUB_CONNECTION_HEADER));
  if (connectionId === null) throw new AppError("ERR_INVALID_API_TOKEN");
  const connection = { id: connectionId, companyId: hub.companyId };
  await assertPlanFeature({ db, companyId: connection.companyId }, "useExternalApi");
  const { send, files } = await readSend(c);
  const result = await sendFromIntegration({
    db,
    env: c.env,
    hub: hub.port,
    input: { connection, idempotencyKey: c.req.header("idempotency-key"), send, files },
  });
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.body as object, result.status as 201);
});

/** JSON `{ number, body, closeTicket? }`, or multipart with the same fields and files in `medias`. */
async function readSend(c: AppContext) {
  if (!isMultipart(c.req.header("content-type"))) return { send: await jsonBody(c, externalSendInput), files: [] as File[] };
  const form = await formBody(c, { maxBytes: MAX_MEDIA_BYTES * MAX_MEDIA_FILES });
  const files = form.getAll("medias").filter((f): f is File => f instanceof File && f.size > 0);
  assertSendableFiles(files);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const send = parseWith(externalSendInput, { number: field("number"), body: field("body"), closeTicket: field("closeTicket") });
  return { send, files };
}
