import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { quickMessages } from "../../db/tenant";
import { call, companyWithTeam, inTenant, testEnv } from "../../testing/fixtures";
import { expectDownload, expectInline, HOSTILE_FILES, PNG } from "../../testing/media";
import { createQuickMessage, formWithFile, rawCall } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

/** A quick message as stored, read in its own company's database. */
const row = (message: { id: number; companyId: number }) =>
  inTenant(message.companyId, (db) => db.select().from(quickMessages).where(eq(quickMessages.id, message.id)).get());
const countOf = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(quickMessages).where(eq(quickMessages.companyId, companyId)).get()))!.n;
const upload = (token: string | undefined, id: number, content: BlobPart, name = "tabela de preços.pdf", type = "application/pdf") =>
  call("POST", `/api/quick-messages/${id}/media-upload`, { token, rawBody: formWithFile("file", content, name, type, { typeArch: "quickMessage" }) });

describe("GET /api/quick-messages", () => {
  it("shows an agent the general quick messages and their own, by shortcode, under records", async () => {
    const { company, agent, supervisor } = await companyWithTeam();
    const geral = await createQuickMessage(company.id, { shortcode: "bomdia", geral: true, userId: supervisor.id });
    const own = await createQuickMessage(company.id, { shortcode: "preco", userId: agent.id });
    await createQuickMessage(company.id, { shortcode: "segredo", userId: supervisor.id });
    const res = await call("GET", "/api/quick-messages", { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      records: [
        {
          id: geral.id,
          shortcode: "bomdia",
          message: geral.message,
          geral: true,
          status: true,
          userId: supervisor.id,
          isMedia: false,
          mediaPath: null,
          mediaName: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        expect.objectContaining({ id: own.id, shortcode: "preco" }),
      ],
      count: 2,
      hasMore: false,
    });
  });

  it("shows admins and supervisors all of the company's, searchable, 20 a page", async () => {
    const { company, agent, supervisor } = await companyWithTeam();
    for (let i = 0; i < 21; i++) await createQuickMessage(company.id, { shortcode: `s${String(i).padStart(2, "0")}`, userId: agent.id });
    await createQuickMessage(company.id, { shortcode: "zz", message: "Nosso PIX é 123", userId: agent.id });
    const page = await call("GET", "/api/quick-messages", { token: supervisor.token });
    expect(page.json).toMatchObject({ count: 22, hasMore: true });
    expect(page.json.records).toHaveLength(20);
    const found = await call("GET", "/api/quick-messages?searchParam=pix", { token: supervisor.token });
    expect(found.json.records.map((r: { shortcode: string }) => r.shortcode)).toEqual(["zz"]);
  });

  it("never shows another company's quick messages", async () => {
    await createQuickMessage(teamA.company.id, { shortcode: "exclusivoA", geral: true });
    const res = await call("GET", "/api/quick-messages?searchParam=exclusivoA", { token: teamB.admin.token });
    expect(res.json).toEqual({ records: [], count: 0, hasMore: false });
  });

  it("names an invalid pageNumber, and answers 401 without a token", async () => {
    const res = await call("GET", "/api/quick-messages?pageNumber=x", { token: teamA.agent.token });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty("pageNumber");
    expect((await call("GET", "/api/quick-messages")).status).toBe(401);
  });
});

describe("GET /api/quick-messages/list", () => {
  it("gives the composer the active general quick messages and the user's own, whatever companyId or userId say", async () => {
    const { company, agent, admin } = await companyWithTeam();
    await createQuickMessage(company.id, { shortcode: "geral", geral: true, userId: admin.id });
    await createQuickMessage(company.id, { shortcode: "minha", userId: agent.id });
    await createQuickMessage(company.id, { shortcode: "inativa", userId: agent.id, status: false });
    await createQuickMessage(company.id, { shortcode: "doadmin", userId: admin.id });
    await createQuickMessage(teamB.company.id, { shortcode: "outra", geral: true });
    const res = await call("GET", `/api/quick-messages/list?companyId=${teamB.company.id}&userId=${admin.id}`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json.map((q: { shortcode: string }) => q.shortcode)).toEqual(["geral", "minha"]);
    const adminList = await call("GET", "/api/quick-messages/list", { token: admin.token });
    expect(adminList.json.map((q: { shortcode: string }) => q.shortcode)).toEqual(["doadmin", "geral"]);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/quick-messages/list")).status).toBe(401);
  });
});

describe("GET /api/quick-messages/:id", () => {
  it("shows a general one to anyone and a private one to its owner and to supervisors", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.admin.id });
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    expect((await call("GET", `/api/quick-messages/${geral.id}`, { token: teamA.agent.token })).json).toMatchObject({ id: geral.id });
    expect((await call("GET", `/api/quick-messages/${own.id}`, { token: teamA.agent.token })).status).toBe(200);
    expect((await call("GET", `/api/quick-messages/${own.id}`, { token: teamA.supervisor.token })).status).toBe(200);
  });

  it("does not reveal a colleague's private one (404), nor another company's", async () => {
    const colleagues = await createQuickMessage(teamA.company.id, { userId: teamA.supervisor.id });
    const res = await call("GET", `/api/quick-messages/${colleagues.id}`, { token: teamA.agent.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_QUICK_MESSAGE_FOUND");
    const geral = await createQuickMessage(teamA.company.id, { geral: true });
    expect((await call("GET", `/api/quick-messages/${geral.id}`, { token: teamB.admin.token })).status).toBe(404);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/quick-messages/1")).status).toBe(401);
  });
});

describe("POST /api/quick-messages", () => {
  it("adds a quick message owned by the user; only an admin makes it general", async () => {
    const { company, admin, supervisor } = await companyWithTeam();
    const byAdmin = await call("POST", "/api/quick-messages", { token: admin.token, body: { shortcode: " oi ", message: "Olá!", geral: true } });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.json).toMatchObject({ shortcode: "oi", message: "Olá!", geral: true, status: true, userId: admin.id, isMedia: false });
    // quick-messages:geral: a supervisor's geral is ignored.
    const bySupervisor = await call("POST", "/api/quick-messages", { token: supervisor.token, body: { shortcode: "sup", geral: true, status: false } });
    expect(bySupervisor.json).toMatchObject({ geral: false, status: false, message: "", userId: supervisor.id });
    expect(await countOf(company.id)).toBe(2);
  });

  it("names the invalid fields and writes nothing", async () => {
    const { company, agent } = await companyWithTeam();
    const missing = await call("POST", "/api/quick-messages", { token: agent.token, body: { message: 5, geral: "sim" } });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ shortcode: "Required", message: "Must be text", geral: "Must be true or false" });
    const blank = await call("POST", "/api/quick-messages", { token: agent.token, body: { shortcode: "   " } });
    expect(blank.json.fields).toEqual({ shortcode: "Required" });
    expect(await countOf(company.id)).toBe(0);
  });

  it("tells the company about a general one, and a private one only to those who may see it", async () => {
    const { admin, agent, supervisor } = await companyWithTeam();
    const agentSocket = await connect(agent.token);
    const supervisorSocket = await connect(supervisor.token);
    const otherCompany = await connect(teamB.admin.token);
    const geral = await call("POST", "/api/quick-messages", { token: admin.token, body: { shortcode: "todos", geral: true } });
    await agentSocket.next((e) => e.type === "quickMessage" && e.action === "create" && e.quickMessage.id === geral.json.id);
    const privada = await call("POST", "/api/quick-messages", { token: admin.token, body: { shortcode: "minha" } });
    await supervisorSocket.next((e) => e.type === "quickMessage" && e.action === "create" && e.quickMessage.id === privada.json.id);
    expect((await agentSocket.quiet()).some((e) => e.type === "quickMessage")).toBe(false);
    expect((await otherCompany.quiet()).some((e) => e.type === "quickMessage")).toBe(false);
  });

  it("answers 401 without a token", async () => {
    expect((await call("POST", "/api/quick-messages", { body: { shortcode: "x" } })).status).toBe(401);
  });
});

describe("PUT /api/quick-messages/:id", () => {
  it("lets a user edit their own non-general quick message, but not make it general", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await call("PUT", `/api/quick-messages/${own.id}`, { token: teamA.agent.token, body: { shortcode: "novo", message: "Texto novo", geral: true } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ shortcode: "novo", message: "Texto novo", geral: false });
  });

  it("lets admins and supervisors edit any, and only admins change the general flag", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.admin.id });
    const bySupervisor = await call("PUT", `/api/quick-messages/${geral.id}`, { token: teamA.supervisor.token, body: { message: "Revisada", geral: false } });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.json).toMatchObject({ message: "Revisada", geral: true });
    const byAdmin = await call("PUT", `/api/quick-messages/${geral.id}`, { token: teamA.admin.token, body: { geral: false } });
    expect(byAdmin.json).toMatchObject({ geral: false });
  });

  it("refuses a user editing a general quick message with 403, and a colleague's private one with 404", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.agent.id, message: "Original" });
    const colleagues = await createQuickMessage(teamA.company.id, { userId: teamA.supervisor.id, message: "Original" });
    expect((await call("PUT", `/api/quick-messages/${geral.id}`, { token: teamA.agent.token, body: { message: "Mudou" } })).status).toBe(403);
    expect((await call("PUT", `/api/quick-messages/${colleagues.id}`, { token: teamA.agent.token, body: { message: "Mudou" } })).status).toBe(404);
    expect((await row(geral))?.message).toBe("Original");
    expect((await row(colleagues))?.message).toBe("Original");
  });

  it("names invalid fields and changes nothing", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await call("PUT", `/api/quick-messages/${own.id}`, { token: teamA.agent.token, body: { shortcode: "", status: "on" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ shortcode: "Required", status: "Must be true or false" });
    expect((await row(own))?.shortcode).toBe(own.shortcode);
  });

  it("withdraws a quick message from those who can no longer see it when it stops being general", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.admin.id });
    const agentSocket = await connect(teamA.agent.token);
    await call("PUT", `/api/quick-messages/${geral.id}`, { token: teamA.admin.token, body: { geral: false } });
    expect(await agentSocket.next((e) => e.type === "quickMessage")).toMatchObject({ action: "delete", quickMessageId: geral.id });
  });

  it("answers 404 to another company and 401 without a token, changing nothing", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, message: "Intacta" });
    expect((await call("PUT", `/api/quick-messages/${geral.id}`, { token: teamB.admin.token, body: { message: "x" } })).status).toBe(404);
    expect((await call("PUT", `/api/quick-messages/${geral.id}`, { body: { message: "x" } })).status).toBe(401);
    expect((await row(geral))?.message).toBe("Intacta");
  });
});

describe("DELETE /api/quick-messages/:id", () => {
  it("deletes one's own quick message with its attachment and tells the company", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    await upload(teamA.agent.token, own.id, "conteúdo");
    const key = (await row(own))!.mediaPath!;
    const socket = await connect(teamA.admin.token);
    expect((await call("DELETE", `/api/quick-messages/${own.id}`, { token: teamA.agent.token })).status).toBe(200);
    expect(await row(own)).toBeUndefined();
    expect(await testEnv.MEDIA.head(key)).toBeNull();
    expect(await socket.next((e) => e.type === "quickMessage" && e.action === "delete")).toMatchObject({ quickMessageId: own.id });
  });

  it("lets a supervisor delete any, and refuses a user deleting a general one with 403", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.agent.id });
    expect((await call("DELETE", `/api/quick-messages/${geral.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect(await row(geral)).toBeDefined();
    expect((await call("DELETE", `/api/quick-messages/${geral.id}`, { token: teamA.supervisor.token })).status).toBe(200);
  });

  it("answers 404 to another company and 401 without a token, deleting nothing", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true });
    expect((await call("DELETE", `/api/quick-messages/${geral.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/quick-messages/${geral.id}`)).status).toBe(401);
    expect(await row(geral)).toBeDefined();
  });
});

describe("POST /api/quick-messages/:id/media-upload", () => {
  it("stores the file in R2 under the company's prefix, underscores for spaces, and answers the quick message", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await upload(teamA.agent.token, own.id, "%PDF-1.4 preços");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: own.id, isMedia: true, mediaName: "tabela_de_preços.pdf", mediaPath: `/api/quick-messages/${own.id}/media` });
    const stored = await row(own);
    expect(stored?.mediaPath).toBe(`companies/${teamA.company.id}/quick-messages/${own.id}/tabela_de_preços.pdf`);
    const object = await testEnv.MEDIA.get(stored!.mediaPath!);
    expect(await object?.text()).toBe("%PDF-1.4 preços");
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
  });

  it("accepts files over the API's 1 MB JSON limit (uploads have their own)", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await upload(teamA.agent.token, own.id, new Uint8Array(3 * 1024 * 1024), "video.mp4", "video/mp4");
    expect(res.status).toBe(200);
    expect((await testEnv.MEDIA.head((await row(own))!.mediaPath!))?.size).toBe(3 * 1024 * 1024);
  });

  it("replaces an earlier attachment and removes its object", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    await upload(teamA.agent.token, own.id, "primeiro", "a.txt", "text/plain");
    const first = (await row(own))!.mediaPath!;
    await upload(teamA.agent.token, own.id, "segundo", "b.txt", "text/plain");
    expect(await testEnv.MEDIA.head(first)).toBeNull();
    expect((await row(own))?.mediaName).toBe("b.txt");
  });

  it("keeps path tricks out of the stored name", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await upload(teamA.agent.token, own.id, "x", "../../etc/pa ss<wd>.txt", "text/plain");
    expect(res.json.mediaName).toBe("pa_sswd.txt");
    expect((await row(own))?.mediaPath).toBe(`companies/${teamA.company.id}/quick-messages/${own.id}/pa_sswd.txt`);
  });

  it("refuses a file over 16 MB with 413 and stores nothing", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const res = await upload(teamA.agent.token, own.id, new Uint8Array(16 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", limit: 16 * 1024 * 1024 });
    expect((await row(own))?.mediaPath).toBeNull();
  });

  it("names a missing file with 400", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    const form = new FormData();
    form.append("typeArch", "quickMessage");
    const res = await call("POST", `/api/quick-messages/${own.id}/media-upload`, { token: teamA.agent.token, rawBody: form });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ file: "Required" });
  });

  it("refuses a user attaching to a general quick message (403) and another company (404)", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.agent.id });
    expect((await upload(teamA.agent.token, geral.id, "x")).status).toBe(403);
    expect((await upload(teamB.admin.token, geral.id, "x")).status).toBe(404);
    expect((await upload(undefined, geral.id, "x")).status).toBe(401);
    expect((await row(geral))?.mediaPath).toBeNull();
  });
});

describe("DELETE /api/quick-messages/:id/media-upload", () => {
  it("removes the attachment and its object", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    await upload(teamA.agent.token, own.id, "x");
    const key = (await row(own))!.mediaPath!;
    const res = await call("DELETE", `/api/quick-messages/${own.id}/media-upload`, { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await testEnv.MEDIA.head(key)).toBeNull();
    const again = await call("DELETE", `/api/quick-messages/${own.id}/media-upload`, { token: teamA.agent.token });
    expect(again.status).toBe(404);
    expect(again.json.error).toBe("ERR_NO_MEDIA_FOUND");
  });

  it("refuses a user on a general one (403), another company (404) and no token (401), keeping the file", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.agent.id });
    await upload(teamA.admin.token, geral.id, "x");
    expect((await call("DELETE", `/api/quick-messages/${geral.id}/media-upload`, { token: teamA.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/quick-messages/${geral.id}/media-upload`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("DELETE", `/api/quick-messages/${geral.id}/media-upload`)).status).toBe(401);
    expect(await testEnv.MEDIA.head((await row(geral))!.mediaPath!)).not.toBeNull();
  });
});

describe("GET /api/quick-messages/:id/media", () => {
  it.each(HOSTILE_FILES)("serves an attachment that is $label as a sandboxed download, never as a page", async (file) => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.admin.id });
    await upload(teamA.admin.token, geral.id, file.text, file.filename, file.mimetype);
    const res = await rawCall("GET", `/api/quick-messages/${geral.id}/media`, teamA.agent.token);
    expectDownload(res, file.filename);
    expect(await res.text()).toBe(file.text);
  });

  it("names a download in ASCII and exactly (RFC 8187)", async () => {
    const geral = await createQuickMessage(teamA.company.id, { geral: true, userId: teamA.admin.id });
    await upload(teamA.admin.token, geral.id, "<script>alert(1)</script>", "página.html", "text/html");
    const res = await rawCall("GET", `/api/quick-messages/${geral.id}/media`, teamA.agent.token);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="p_gina.html"; filename*=UTF-8''p%C3%A1gina.html`);
  });

  it("shows a real image inline under its own type, sandboxed all the same", async () => {
    const own = await createQuickMessage(teamA.company.id, { userId: teamA.agent.id });
    await upload(teamA.agent.token, own.id, PNG, "foto.png", "image/png");
    const res = await rawCall("GET", `/api/quick-messages/${own.id}/media`, teamA.agent.token);
    expectInline(res, "image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it("answers 404 to another company, to a colleague of a private one, and when there is no attachment; 401 without a token", async () => {
    const privada = await createQuickMessage(teamA.company.id, { userId: teamA.supervisor.id });
    await upload(teamA.supervisor.token, privada.id, "segredo");
    expect((await rawCall("GET", `/api/quick-messages/${privada.id}/media`, teamB.admin.token)).status).toBe(404);
    expect((await rawCall("GET", `/api/quick-messages/${privada.id}/media`, teamA.agent.token)).status).toBe(404);
    expect((await rawCall("GET", `/api/quick-messages/${privada.id}/media`)).status).toBe(401);
    const bare = await createQuickMessage(teamA.company.id, { geral: true });
    const none = await call("GET", `/api/quick-messages/${bare.id}/media`, { token: teamA.agent.token });
    expect(none.status).toBe(404);
    expect(none.json.error).toBe("ERR_NO_MEDIA_FOUND");
  });
});
