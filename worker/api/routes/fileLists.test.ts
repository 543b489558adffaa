import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileListOptions, fileLists, messages, queueOptions, whatsappQueues } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { deliver, inbound } from "../../testing/bridge";
import { call, companyWithTeam, createQueue, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { formWithFile, rawCall } from "../../testing/records";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n");

/** A multipart body with several `files`, each with its `name` and `description`. */
function filesForm(files: { content: BlobPart; fileName: string; type: string; name?: string; description?: string }[], extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const f of files) {
    form.append("files", new File([f.content], f.fileName, { type: f.type }));
    form.append("name", f.name ?? "");
    form.append("description", f.description ?? "");
  }
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

const listsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(fileLists).where(eq(fileLists.companyId, companyId)).all());

async function listWithFiles() {
  const team = await companyWithTeam();
  const created = await call("POST", "/api/files", { token: team.admin.token, body: { name: "Catálogo", message: "Materiais de venda" } });
  const uploaded = await call("POST", `/api/files/uploadList/${created.json.id}`, {
    token: team.admin.token,
    rawBody: filesForm([
      { content: PNG, fileName: "foto produto.png", type: "image/png", name: "Foto", description: "Nosso produto" },
      { content: PDF, fileName: "tabela.pdf", type: "application/pdf", name: "Tabela de preços" },
    ]),
  });
  return { ...team, list: created.json, uploaded };
}

describe("/api/files", () => {
  it("creates a list, uploads files in order, searches, renames and reorders them, serves their bytes, and deletes", async () => {
    const { company, admin, agent, list, uploaded } = await listWithFiles();
    expect(list).toMatchObject({ name: "Catálogo", message: "Materiais de venda", options: [] });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.options).toMatchObject([
      { name: "Foto", description: "Nosso produto", fileName: "foto_produto.png", mediaType: "image/png", size: PNG.length, position: 0 },
      { name: "Tabela de preços", description: "", fileName: "tabela.pdf", mediaType: "application/pdf", position: 1 },
    ]);
    const [photo, table] = uploaded.json.options as { id: number }[];
    const found = await call("GET", "/api/files?searchParam=vend", { token: agent.token });
    expect(found.json).toMatchObject({ files: [{ id: list.id, name: "Catálogo" }], count: 1, hasMore: false });
    expect((await call("GET", "/api/files/list", { token: agent.token })).json).toEqual([{ id: list.id, name: "Catálogo" }]);
    const reordered = await call("PUT", `/api/files/${list.id}`, {
      token: admin.token,
      body: { name: "Catálogo 2026", options: [{ id: table!.id, name: "Preços" }, { id: photo!.id, name: "Foto", description: "Novo" }] },
    });
    expect(reordered.json).toMatchObject({ name: "Catálogo 2026", options: [{ id: table!.id, name: "Preços", position: 0 }, { id: photo!.id, description: "Novo", position: 1 }] });
    const bytes = await rawCall("GET", `/api/files/${list.id}/options/${photo!.id}/media`, agent.token);
    expect(bytes.status).toBe(200);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PNG);
    const photoKey = (await inTenant(company.id, (db) => db.select().from(fileListOptions).where(eq(fileListOptions.id, photo!.id)).get()))!.path;
    expect(photoKey).toMatch(new RegExp(`^companies/${company.id}/file-lists/${list.id}/`));
    const dropped = await call("PUT", `/api/files/${list.id}`, { token: admin.token, body: { options: [{ id: table!.id, name: "Preços" }] } });
    expect(dropped.json.options.map((o: { id: number }) => o.id)).toEqual([table!.id]);
    expect(await testEnv.MEDIA.head(photoKey)).toBeNull();
    expect((await call("DELETE", `/api/files/${list.id}`, { token: admin.token })).status).toBe(200);
    expect((await call("GET", `/api/files/${list.id}`, { token: admin.token })).status).toBe(404);
    expect(await listsOf(company.id)).toEqual([]);
  });

  it("refuses a short name, a missing message, an empty change, a repeated name and a file type WhatsApp does not take, writing nothing", async () => {
    const { company, admin, list } = await listWithFiles();
    const short = await call("POST", "/api/files", { token: admin.token, body: { name: "ab", message: "" } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ name: "Too Short!", message: "Required" });
    const empty = await call("PUT", `/api/files/${list.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    const twice = await call("POST", "/api/files", { token: admin.token, body: { name: "Catálogo", message: "outro" } });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe("ERR_DUPLICATED_FILE_LIST");
    const html = await call("POST", `/api/files/uploadList/${list.id}`, { token: admin.token, rawBody: formWithFile("files", "<script>alert(1)</script>", "x.html", "text/html") });
    expect(html.status).toBe(400);
    expect(html.json.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    const none = await call("POST", `/api/files/uploadList/${list.id}`, { token: admin.token, rawBody: formWithFile("other", PNG, "a.png", "image/png") });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual({ files: "Required" });
    const foreign = await call("PUT", `/api/files/${list.id}`, { token: admin.token, body: { options: [{ id: 999_999, name: "x" }] } });
    expect(foreign.status).toBe(400);
    expect(await listsOf(company.id)).toHaveLength(1);
    expect((await call("GET", `/api/files/${list.id}`, { token: admin.token })).json.options).toHaveLength(2);
  });

  it("replaces the file the form's fileId names, read as an id: text that only looks like one is refused", async () => {
    const { admin, list, uploaded } = await listWithFiles();
    const photo = uploaded.json.options[0] as { id: number };
    const replace = (fileId: string) =>
      call("POST", `/api/files/uploadList/${list.id}`, { token: admin.token, rawBody: filesForm([{ content: PDF, fileName: "nova.pdf", type: "application/pdf", name: "Nova" }], { fileId }) });
    // Number() read these as the id; the id contract reads decimal ids only.
    for (const text of [`${photo.id}.0`, `0x${photo.id.toString(16)}`]) {
      const refused = await replace(text);
      expect(refused.status, text).toBe(400);
      expect(refused.json.fields).toEqual({ fileId: "Must be a file id" });
    }
    const replaced = await replace(String(photo.id));
    expect(replaced.status).toBe(200);
    expect(replaced.json.options[0]).toMatchObject({ id: photo.id, fileName: "nova.pdf" });
  });

  it("does not show, change or serve another company's lists (404)", async () => {
    const a = await listWithFiles();
    const b = await companyWithTeam();
    const fileId = a.uploaded.json.options[0].id as number;
    expect((await call("GET", `/api/files/${a.list.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/files/${a.list.id}`, { token: b.admin.token, body: { name: "Roubada" } })).status).toBe(404);
    expect((await call("DELETE", `/api/files/${a.list.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("POST", `/api/files/uploadList/${a.list.id}`, { token: b.admin.token, rawBody: formWithFile("files", PNG, "a.png", "image/png") })).status).toBe(404);
    expect((await rawCall("GET", `/api/files/${a.list.id}/options/${fileId}/media`, b.admin.token)).status).toBe(404);
    expect((await call("GET", "/api/files", { token: b.admin.token })).json.files).toEqual([]);
    expect((await listsOf(a.company.id)).map((l) => l.name)).toEqual(["Catálogo"]);
  });

  it("lets every user read and download, and only admins change (403 to supervisors and agents)", async () => {
    const { company, supervisor, agent, list } = await listWithFiles();
    for (const token of [supervisor.token, agent.token]) {
      expect((await call("GET", `/api/files/${list.id}`, { token })).status).toBe(200);
      expect((await call("POST", "/api/files", { token, body: { name: "Minha lista", message: "x" } })).status).toBe(403);
      expect((await call("PUT", `/api/files/${list.id}`, { token, body: { name: "Outro nome" } })).status).toBe(403);
      expect((await call("DELETE", `/api/files/${list.id}`, { token })).status).toBe(403);
      expect((await call("POST", `/api/files/uploadList/${list.id}`, { token, rawBody: formWithFile("files", PNG, "a.png", "image/png") })).status).toBe(403);
    }
    expect((await listsOf(company.id)).map((l) => l.name)).toEqual(["Catálogo"]);
  });
});

describe("sending a file list", () => {
  const mediaSent = (companyId: number, ticketId: number) =>
    inTenant(companyId, (db) =>
      db
        .select({ body: messages.body, mediaName: messages.mediaName, mediaType: messages.mediaType })
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
        .orderBy(asc(messages.id))
        .all(),
    );

  it("stores each file on the ticket in the list's order (sendFileList, for campaigns)", async () => {
    const { company, list } = await listWithFiles();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, status: "open" });
    const ids = await hubDirectory(testEnv).of(company.id).call("sendFileListToTicket", { ticketId: ticket.id, fileListId: list.id });
    expect(ids).toHaveLength(2);
    expect(await mediaSent(company.id, ticket.id)).toEqual([
      { body: "Nosso produto", mediaName: "foto_produto.png", mediaType: "image" },
      { body: "", mediaName: "tabela.pdf", mediaType: "application" },
    ]);
  });

  it("sends a queue option's file list before the option's message when the contact picks it", async () => {
    const { company, admin, list } = await listWithFiles();
    const connection = await createConnection(company.id, { greetingMessage: "Olá!" });
    const sales = await createQueue(company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "Vendas:" });
    const other = await createQueue(company.id, { name: "Outros", orderQueue: 2 });
    await inTenant(company.id, (db) => db.insert(whatsappQueues).values([{ whatsappId: connection.id, queueId: sales.id }, { whatsappId: connection.id, queueId: other.id }]).run());
    const created = await call("POST", "/api/queue-options", { token: admin.token, body: { queueId: sales.id, title: "Catálogo", message: "Aqui está o catálogo.", fileListId: list.id } });
    expect(created.json).toMatchObject({ fileListId: list.id });
    await call("POST", "/api/queue-options", { token: admin.token, body: { queueId: sales.id, title: "Outra coisa", message: "..." } });
    const number = "5511912348888";
    for (const text of ["oi", "1", "1"]) await deliver(inbound(connection.id, number, text));
    const ticketId = (await inTenant(company.id, (db) => db.select({ ticketId: messages.ticketId }).from(messages).where(eq(messages.companyId, company.id)).get()))!.ticketId;
    const sent = await mediaSent(company.id, ticketId);
    expect(sent.slice(-3)).toEqual([
      { body: "Nosso produto", mediaName: "foto_produto.png", mediaType: "image" },
      { body: "", mediaName: "tabela.pdf", mediaType: "application" },
      { body: "Aqui está o catálogo.", mediaName: null, mediaType: expect.anything() },
    ]);
    const theirs = await call("PUT", `/api/queue-options/${created.json.id}`, { token: admin.token, body: { fileListId: 999_999 } });
    expect(theirs.status).toBe(404);
    expect((await inTenant(company.id, (db) => db.select().from(queueOptions).where(eq(queueOptions.id, created.json.id)).get()))!.fileListId).toBe(list.id);
  });
});
