import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, companyExports, users } from "../../db/tenant";
import { readTar } from "../../lib/tar";
import { exports } from "cloudflare:workers";
import { call, companyWithTeam, ORIGIN, hubInstanceOf, inHub, inTenant, platformAdmin, testEnv } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow } from "../../testing/inbox";
import { PNG } from "../../testing/media";
import { companyExportKey, signedDownloadPath } from "./downloadLink";
import { dropExpiredExports, nextExportExpiry } from "./dropExpiredExports";
import { COMPANY_EXPORT_DUE_KEY } from "../../hub/dueWork";
import { EXPORT_REST_MS, runCompanyExport, type ExportLimits } from "./runCompanyExport";

const decoder = new TextDecoder();

/** A signed-up company with a ticket, its messages (one with an image) and a file past one upload part. */
async function companyWithConversation() {
  const team = await companyWithTeam();
  const companyId = team.company.id;
  const contact = await createContact(companyId, { name: "Cliente Exportado" });
  const ticket = await createTicketRow(companyId, { contactId: contact.id, status: "open", userId: team.agent.id });
  const imageKey = `companies/${companyId}/media/foto-${ticket.id}.png`;
  await testEnv.MEDIA.put(imageKey, PNG, { httpMetadata: { contentType: "image/png" } });
  await createMessageRow(companyId, { ticketId: ticket.id, contactId: contact.id, body: "Quero levar meus dados comigo" });
  await createMessageRow(companyId, { ticketId: ticket.id, contactId: contact.id, body: "", mediaType: "image", mediaUrl: imageKey, mediaName: "foto.png" });
  for (let i = 0; i < 5; i++) await createMessageRow(companyId, { ticketId: ticket.id, fromMe: true, userId: team.agent.id, body: `Resposta ${i}` });
  // A secret that must not leave: the agent's two-factor secret.
  await inTenant(companyId, (db) => db.update(users).set({ totpSecret: "SEALED-TOTP-SECRET" }).where(eq(users.id, team.agent.id)).run());
  return { ...team, companyId, contact, ticket, imageKey };
}

/** Keeps the hub's own alarm out of the company's exports: the test's runs are the only ones. */
async function holdAlarm(companyId: number) {
  await runInDurableObject(hubInstanceOf(companyId), (_hub, state) => state.storage.put(COMPANY_EXPORT_DUE_KEY, Date.now() + 60 * 60 * 1000));
}

/** Runs the company's export to its end in small slices and many runs (as the alarm would); answers the runs taken. */
async function runToEnd(companyId: number, limits: ExportLimits) {
  for (let runs = 1; runs < 2_000; runs++) {
    const { more } = await inHub(companyId, (hub) => runCompanyExport({ ctx: hub.systemCtx(companyId), serially: (task) => task(), rest: async () => {}, limits }));
    if (!more) return runs;
  }
  throw new Error("the export never finished");
}

/** The raw bytes of a download (call() reads the body as text). */
async function fetchRaw(path: string) {
  return (exports as unknown as { default: { fetch(req: Request): Promise<Response> } }).default.fetch(new Request(`${ORIGIN}${path}`));
}

describe("a company's export (issue 27 §3)", () => {
  it("writes the archive in slices across alarm runs: manifest first, every table's rows as JSON lines, the media, no secrets", async () => {
    const t = await companyWithConversation();
    // A file past one 5 MiB part: the upload has two parts, and it is copied by range over several slices.
    const bigKey = `companies/${t.companyId}/media/grande.bin`;
    const big = new Uint8Array(5 * 1024 * 1024 + 1234).map((_, i) => i % 251);
    await testEnv.MEDIA.put(bigKey, big);

    await holdAlarm(t.companyId);
    const started = await call("POST", "/api/company-exports", { token: t.admin.token, body: {} });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({ state: "queued", companyId: t.companyId, downloadUrl: null });
    const again = await call("POST", "/api/company-exports", { token: t.admin.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_COMPANY_EXPORT_RUNNING");

    const runs = await runToEnd(t.companyId, { rowsPerSlice: 3, partBytes: 5 * 1024 * 1024, copyBytesPerSlice: 1024 * 1024, slicesPerRun: 8 });
    expect(runs).toBeGreaterThan(5);

    const list = await call("GET", "/api/company-exports", { token: t.admin.token });
    expect(list.status).toBe(200);
    const done = list.json[0];
    expect(done).toMatchObject({ id: started.json.id, state: "done", error: null });
    expect(done.rowsDone).toBe(done.rowsTotal);
    expect(done.downloadUrl).toMatch(new RegExp(`^/api/company-exports/${done.id}/download\\?expires=\\d+&signature=`));
    const row = await inTenant(t.companyId, (db) => db.select().from(companyExports).where(eq(companyExports.id, done.id)).get());
    expect(row!.parts).toHaveLength(2);

    // Downloaded without the session (the signed link), unpacked here.
    const res = await fetchRaw(done.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-tar");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(done.bytes);
    const entries = readTar(bytes);
    expect(entries[0]!.name).toBe("manifest.json");
    const manifest = JSON.parse(decoder.decode(entries[0]!.data));
    expect(manifest).toMatchObject({
      format: "zapdesk-company-archive",
      version: 1,
      source: { kind: "zapdesk", companyId: t.companyId },
      company: { id: t.companyId },
      media: { files: 2, bytes: PNG.length + big.length },
    });
    expect(manifest.tenantSchema).toMatch(/^\d{4}_/);
    expect(manifest.omitted.join(" ")).toContain("user_sessions");

    const byName = new Map(entries.map((e) => [e.name, e]));
    const lines = (table: string) =>
      decoder
        .decode(byName.get(`tables/${table}.jsonl`)!.data)
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    // Every manifest table is an entry, in the manifest's order, with as many lines as it says.
    const tableEntries = entries.filter((e) => e.name.startsWith("tables/")).map((e) => e.name);
    expect(tableEntries).toEqual(manifest.tables.map((x: { name: string }) => `tables/${x.name}.jsonl`));
    for (const table of manifest.tables) expect(lines(table.name)).toHaveLength(table.rows);
    // Parents before children.
    expect(tableEntries.indexOf("tables/tickets.jsonl")).toBeLessThan(tableEntries.indexOf("tables/messages.jsonl"));
    expect(tableEntries.indexOf("tables/contacts.jsonl")).toBeLessThan(tableEntries.indexOf("tables/tickets.jsonl"));

    const messages = lines("messages");
    expect(messages).toHaveLength(7);
    expect(messages.find((m) => m.body === "Quero levar meus dados comigo")).toMatchObject({ ticket_id: t.ticket.id, company_id: t.companyId, from_me: 0 });
    expect(typeof messages[0].created_at).toBe("number");
    // Secrets and sessions stay.
    expect(lines("users").find((u) => u.id === t.agent.id)).toMatchObject({ totp_secret: null });
    expect(decoder.decode(bytes)).not.toContain("SEALED-TOTP-SECRET");
    expect(byName.has("tables/user_sessions.jsonl")).toBe(false);
    expect(lines("users").find((u) => u.id === t.agent.id).password_hash).toMatch(/^pbkdf2-sha256\$/);

    // The media, under their keys, byte for byte.
    expect(byName.get(`media/${t.imageKey}`)!.data).toEqual(PNG);
    expect(byName.get(`media/${bigKey}`)!.data).toEqual(big);
    expect(entries.at(-1)!.name).toBe(`media/${bigKey}`);

    // The temporary objects are gone; the audit log has the export.
    expect((await testEnv.MEDIA.list({ prefix: `exports/${t.companyId}/${done.id}/` })).objects).toHaveLength(0);
    const audit = await inTenant(t.companyId, (db) => db.select().from(auditLog).where(eq(auditLog.action, "company.exported")).all());
    expect(audit).toEqual([expect.objectContaining({ actorKind: "user", actorId: t.admin.id, targetId: String(done.id) })]);

    // The admin may also download it on the session.
    const onSession = await call("GET", `/api/company-exports/${done.id}/download`, { token: t.admin.token });
    expect(onSession.status).toBe(200);
  }, 120_000); // hundreds of small slices, each a round trip into the hub: slow on a busy machine

  it("is run by the hub's alarm until done", async () => {
    const t = await companyWithConversation();
    const started = await call("POST", "/api/company-exports", { token: t.admin.token, body: {} });
    expect(started.status).toBe(201);
    for (let i = 0; i < 50; i++) {
      // The next run is due after the rest between runs.
      await new Promise((resolve) => setTimeout(resolve, EXPORT_REST_MS + 5));
      await runDurableObjectAlarm(hubInstanceOf(t.companyId));
      const state = await inTenant(t.companyId, (db) => db.select({ state: companyExports.state }).from(companyExports).get());
      if (state!.state === "done") break;
    }
    const list = await call("GET", "/api/company-exports", { token: t.admin.token });
    expect(list.json[0]).toMatchObject({ state: "done", error: null });
    const entries = readTar(new Uint8Array(await (await fetchRaw(list.json[0].downloadUrl)).arrayBuffer()));
    expect(entries.map((e) => e.name)).toContain(`media/${t.imageKey}`);
  });

  it("is refused to agents and supervisors (403), and another company's export is not found (404)", async () => {
    const t = await companyWithConversation();
    const other = await companyWithTeam();
    for (const token of [t.agent.token, t.supervisor.token]) {
      expect((await call("POST", "/api/company-exports", { token, body: {} })).status).toBe(403);
      expect((await call("GET", "/api/company-exports", { token })).status).toBe(403);
    }
    // An admin cannot name another company.
    expect((await call("POST", "/api/company-exports", { token: t.admin.token, body: { companyId: other.company.id } })).status).toBe(403);
    expect((await call("POST", "/api/company-exports", { token: t.admin.token, body: { companyId: "x" } })).status).toBe(400);

    await holdAlarm(t.companyId);
    const started = await call("POST", "/api/company-exports", { token: t.admin.token, body: {} });
    await runToEnd(t.companyId, { rowsPerSlice: 2_000, partBytes: 5 * 1024 * 1024, copyBytesPerSlice: 8 * 1024 * 1024, slicesPerRun: 100 });
    const id = started.json.id;
    expect((await call("GET", `/api/company-exports/${id}/download`, { token: other.admin.token })).status).toBe(404);
    expect((await call("GET", `/api/company-exports/${id}/download`, { token: t.agent.token })).status).toBe(403);
    expect((await call("GET", "/api/company-exports", { token: other.admin.token })).json).toEqual([]);
  });

  it("refuses an expired or forged link, and an unfinished export", async () => {
    const t = await companyWithConversation();
    await holdAlarm(t.companyId);
    const started = await call("POST", "/api/company-exports", { token: t.admin.token, body: {} });
    const id = started.json.id;
    expect((await call("GET", `/api/company-exports/${id}/download`, { token: t.admin.token })).json.error).toBe("ERR_COMPANY_EXPORT_NOT_READY");
    await runToEnd(t.companyId, { rowsPerSlice: 2_000, partBytes: 5 * 1024 * 1024, copyBytesPerSlice: 8 * 1024 * 1024, slicesPerRun: 100 });

    const expired = await call("GET", await signedDownloadPath(testEnv.DATA_SECRET, id, Date.now() - 1000));
    expect(expired.status).toBe(410);
    expect(expired.json.error).toBe("ERR_COMPANY_EXPORT_EXPIRED");
    const valid = await signedDownloadPath(testEnv.DATA_SECRET, id, Date.now() + 60_000);
    expect((await call("GET", valid.replace(/signature=./, "signature=A"))).status).toBe(404);
    expect((await call("GET", valid.replace(`expires=`, `expires=9`))).status).toBe(404);
    expect((await call("GET", valid)).status).toBe(200);

    // Past its 24 hours the archive is refused on the session too, and the list has no link.
    await inTenant(t.companyId, (db) => db.update(companyExports).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(companyExports.id, id)).run());
    expect((await call("GET", `/api/company-exports/${id}/download`, { token: t.admin.token })).status).toBe(410);
    expect((await call("GET", "/api/company-exports", { token: t.admin.token })).json[0].downloadUrl).toBeNull();

    // Its due work then removes the file from R2 (the company's whole data is not kept past its offer); the export stays listed.
    expect(await inHub(t.companyId, (hub) => nextExportExpiry(hub.systemCtx(t.companyId).db, t.companyId))).toBeLessThan(Date.now());
    expect(await testEnv.MEDIA.head(companyExportKey(t.companyId, id))).not.toBeNull();
    expect(await inHub(t.companyId, (hub) => dropExpiredExports({ ctx: hub.systemCtx(t.companyId), input: { now: Date.now() } }))).toBe(1);
    expect(await testEnv.MEDIA.head(companyExportKey(t.companyId, id))).toBeNull();
    expect(await inHub(t.companyId, (hub) => nextExportExpiry(hub.systemCtx(t.companyId).db, t.companyId))).toBeNull();
    expect((await call("GET", "/api/company-exports", { token: t.admin.token })).json).toHaveLength(1);
  });

  it("lets the super admin export any company and see its exports", async () => {
    const t = await companyWithConversation();
    const { user: superAdmin } = await platformAdmin();
    await holdAlarm(t.companyId);
    const started = await call("POST", "/api/company-exports", { token: superAdmin.token, body: { companyId: t.companyId } });
    expect(started.status).toBe(201);
    expect(started.json.companyId).toBe(t.companyId);
    expect((await call("POST", "/api/company-exports", { token: superAdmin.token, body: { companyId: 999_999 } })).status).toBe(404);
    await runToEnd(t.companyId, { rowsPerSlice: 2_000, partBytes: 5 * 1024 * 1024, copyBytesPerSlice: 8 * 1024 * 1024, slicesPerRun: 100 });
    const list = await call("GET", `/api/company-exports?companyId=${t.companyId}`, { token: superAdmin.token });
    expect(list.status).toBe(200);
    expect(list.json[0]).toMatchObject({ id: started.json.id, state: "done" });
    expect((await fetchRaw(list.json[0].downloadUrl)).status).toBe(200);
    // The company's own admin sees it too, and its log says the platform asked.
    expect((await call("GET", "/api/company-exports", { token: t.admin.token })).json[0].id).toBe(started.json.id);
    const audit = await inTenant(t.companyId, (db) =>
      db.select().from(auditLog).where(and(eq(auditLog.action, "company.exported"), eq(auditLog.targetId, String(started.json.id)))).get(),
    );
    expect(audit).toMatchObject({ actorKind: "super", actorId: superAdmin.id });
  });
});
