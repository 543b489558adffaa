import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BRIDGE_HEADERS, BRIDGE_MAX_MEDIA_BYTES } from "../contracts/bridge";
import { messages } from "../db/tenant";
import { signBridgeRequest } from "../lib/bridgeSignature";
import { deliver, inbound } from "../testing/bridge";
import { call, companyWithTeam, inTenant, testEnv } from "../testing/fixtures";
import { createConnection } from "../testing/inbox";

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const sha256Of = async (bytes: Uint8Array<ArrayBuffer>) => hex(await crypto.subtle.digest("SHA-256", bytes));

/** Uploads as the session host does: the body's SHA-256 signed in the body's place. */
async function upload(connectionId: number, bytes: Uint8Array<ArrayBuffer>, opts: { sha256?: string; secret?: string; filename?: string; size?: number } = {}) {
  const path = `/bridge/media/${connectionId}?filename=${encodeURIComponent(opts.filename ?? "contrato.pdf")}&mimetype=application%2Fpdf`;
  const sha256 = opts.sha256 ?? (await sha256Of(bytes));
  const signed = await signBridgeRequest(opts.secret ?? testEnv.BRIDGE_SECRET, "PUT", path, sha256);
  return call("PUT", path, {
    rawBody: bytes,
    headers: { ...signed, [BRIDGE_HEADERS.contentSha256]: sha256, "content-type": "application/octet-stream", "content-length": String(opts.size ?? bytes.length) },
  });
}

const fileOf = (size: number) => new Uint8Array(Array.from({ length: size }, (_, i) => (i * 31) % 251));

describe("media uploaded by the session host ahead of its message (PUT /bridge/media/:connectionId)", () => {
  it("stores the file under the connection's company and the message that names it serves it", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const bytes = fileOf(300_000);
    const res = await upload(conn.id, bytes);
    expect(res.status).toBe(200);
    expect(res.json.key).toMatch(new RegExp(`^companies/${company.id}/messages/[0-9a-f-]{36}/contrato\\.pdf$`));
    const stored = await testEnv.MEDIA.get(res.json.key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(stored!.httpMetadata?.contentType).toBe("application/pdf");

    await deliver(inbound(conn.id, "5511987652001", "segue o contrato", { mediaType: "document", media: { mimetype: "application/pdf", filename: "contrato.pdf", key: res.json.key } }));
    const message = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.companyId, company.id)).get());
    expect(message).toMatchObject({ mediaUrl: res.json.key, mediaName: "contrato.pdf", mediaType: "document" });
    const served = await call("GET", `/api/messages/${message!.id}/media`, { token: admin.token });
    expect(served.status).toBe(200);
  });

  it("refuses bytes that do not match the signed digest, and stores nothing", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const res = await upload(conn.id, fileOf(1000), { sha256: await sha256Of(fileOf(999)) });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_MEDIA_CHECKSUM");
    const listed = await testEnv.MEDIA.list({ prefix: `companies/${company.id}/` });
    expect(listed.objects).toEqual([]);
  });

  it("refuses an unsigned or wrongly signed upload, a file over the limit and an unknown connection", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    expect((await upload(conn.id, fileOf(10), { secret: "another-secret-that-is-long-enough-000" })).status).toBe(401);
    const tooBig = await upload(conn.id, fileOf(10), { size: BRIDGE_MAX_MEDIA_BYTES + 1 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect((await upload(999_999, fileOf(10))).status).toBe(404);
    expect((await testEnv.MEDIA.list({ prefix: `companies/${company.id}/` })).objects).toEqual([]);
  });

  it("never lets an event point a message at another company's file", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const connA = await createConnection(a.company.id);
    const connB = await createConnection(b.company.id);
    const uploaded = await upload(connA.id, fileOf(500));
    expect(uploaded.status).toBe(200);

    await deliver(inbound(connB.id, "5511987652002", "olha isso", { mediaType: "document", media: { mimetype: "application/pdf", filename: "x.pdf", key: uploaded.json.key } }));
    const message = await inTenant(b.company.id, (db) => db.select().from(messages).where(eq(messages.companyId, b.company.id)).get());
    // The message is kept; the file is not borrowed.
    expect(message).toMatchObject({ body: "olha isso", mediaUrl: null });
  });
});
