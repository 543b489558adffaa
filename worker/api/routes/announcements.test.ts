import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements } from "../../db/control";
import { call, companyWithTeam, control, platformAdmin } from "../../testing/fixtures";
import { deliveryDone } from "../../testing/announcements";
import { PNG } from "../../testing/media";
import { formWithFile, rawCall } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let superUser: Awaited<ReturnType<typeof platformAdmin>>["user"];
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  superUser = (await platformAdmin()).user;
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
const title = (prefix = "Aviso") => `${prefix} ${Date.now().toString(36)} ${++seq}`;
const announcementCount = async () => (await control.select({ n: count() }).from(announcements).get())!.n;

async function create(body: Record<string, unknown>) {
  const res = await call("POST", "/api/announcements", { token: superUser.token, body: { text: "Texto do aviso", ...body } });
  expect(res.status).toBe(201);
  return res.json as { id: number; title: string; delivery: { total: number } | null };
}

describe("POST /api/announcements", () => {
  it("delivers a super user's announcement live to every connected user of every company, through the queue", async () => {
    const a = await connect(teamA.agent.token);
    const b = await connect(teamB.admin.token);
    const made = await create({ title: title(), priority: 1 });
    expect(made).toMatchObject({ priority: 1, status: true, companyIds: null, delivery: { status: "running" } });
    for (const socket of [a, b]) {
      await socket.next((e) => e.type === "company-announcement" && e.action === "create" && e.announcement.id === made.id, 10_000);
      socket.ws.close();
    }
    const done = await deliveryDone(made.id);
    expect(done.delivered).toBe(done.total);
    const seen = await call("GET", `/api/announcements/${made.id}/delivery`, { token: superUser.token });
    expect(seen.json).toMatchObject({ status: "done", total: done.total, delivered: done.total });
    expect(done.total).toBe((await control.select({ n: count() }).from((await import("../../db/control")).companies).get())!.n);
  });

  it("goes only to the chosen companies", async () => {
    const b = await connect(teamB.agent.token);
    const made = await create({ title: title("Só A"), companyIds: [teamA.company.id] });
    await deliveryDone(made.id);
    expect((await b.quiet(200)).filter((e) => e.type === "company-announcement")).toEqual([]);
    b.ws.close();
    const forA = await call("GET", "/api/announcements/active", { token: teamA.agent.token });
    expect(forA.json.records.map((r: { id: number }) => r.id)).toContain(made.id);
    const forB = await call("GET", "/api/announcements/active", { token: teamB.agent.token });
    expect(forB.json.records.map((r: { id: number }) => r.id)).not.toContain(made.id);
  });

  it("validates (title and text required, priority 1 to 3, known companies), writing nothing", async () => {
    const before = await announcementCount();
    const blank = await call("POST", "/api/announcements", { token: superUser.token, body: { title: " ", text: "" } });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.json.fields).sort()).toEqual(["text", "title"]);
    expect((await call("POST", "/api/announcements", { token: superUser.token, body: { title: "x", text: "y", priority: 4 } })).status).toBe(400);
    const unknown = await call("POST", "/api/announcements", { token: superUser.token, body: { title: "x", text: "y", companyIds: [999_999_999] } });
    expect(unknown.status).toBe(404);
    expect(await announcementCount()).toBe(before);
  });

  it("answers 403 to anyone but a super user on every management call, and writes nothing", async () => {
    const made = await create({ title: title() });
    const before = await announcementCount();
    const answers = [
      await call("GET", "/api/announcements", { token: teamA.admin.token }),
      await call("POST", "/api/announcements", { token: teamA.admin.token, body: { title: "x", text: "y" } }),
      await call("GET", `/api/announcements/${made.id}`, { token: teamA.admin.token }),
      await call("PUT", `/api/announcements/${made.id}`, { token: teamA.admin.token, body: { title: "x" } }),
      await call("DELETE", `/api/announcements/${made.id}`, { token: teamA.agent.token }),
      await call("GET", `/api/announcements/${made.id}/delivery`, { token: teamA.admin.token }),
    ];
    for (const res of answers) expect(res.status).toBe(403);
    expect(await announcementCount()).toBe(before);
    expect((await call("GET", "/api/announcements/999999999", { token: superUser.token })).status).toBe(404);
  });
});

describe("GET /api/announcements", () => {
  it("pages the super user's list, searched by title", async () => {
    const made = await create({ title: title("Procurável") });
    const found = await call("GET", `/api/announcements?searchParam=${encodeURIComponent(made.title)}`, { token: superUser.token });
    expect(found.json).toMatchObject({ count: 1, hasMore: false, records: [{ id: made.id, title: made.title }] });
    expect((await call("GET", "/api/announcements?pageNumber=0", { token: superUser.token })).status).toBe(400);
  });
});

describe("PUT and DELETE /api/announcements/:id", () => {
  it("turning one off removes it live from the users' top bars, and it is no longer active", async () => {
    const made = await create({ title: title() });
    await deliveryDone(made.id);
    const a = await connect(teamA.agent.token);
    const res = await call("PUT", `/api/announcements/${made.id}`, { token: superUser.token, body: { status: false } });
    expect(res.status).toBe(200);
    await a.next((e) => e.type === "company-announcement" && e.action === "delete" && e.announcementId === made.id, 10_000);
    a.ws.close();
    const active = await call("GET", "/api/announcements/active", { token: teamA.agent.token });
    expect(active.json.records.map((r: { id: number }) => r.id)).not.toContain(made.id);
    expect((await call("PUT", `/api/announcements/${made.id}`, { token: superUser.token, body: {} })).status).toBe(400);
    expect((await call("DELETE", `/api/announcements/${made.id}`, { token: superUser.token })).status).toBe(200);
    expect(await control.select().from(announcements).where(eq(announcements.id, made.id)).get()).toBeUndefined();
  });
});

describe("GET /api/announcements/active, read and dismiss", () => {
  it("lists the active ones by priority with this user's unread count; read and dismiss are per user", async () => {
    const company = await companyWithTeam();
    const low = await create({ title: title("Baixa"), priority: 3, companyIds: [company.company.id] });
    const high = await create({ title: title("Alta"), priority: 1, companyIds: [company.company.id] });
    await create({ title: title("Vencida"), companyIds: [company.company.id], endDate: new Date(Date.now() - 60_000).toISOString() });
    await create({ title: title("Desligada"), companyIds: [company.company.id], status: false });
    // Other tests' announcements for every company show too: only this test's are looked at.
    const ours = (records: { id: number }[]) => records.filter((r) => [low.id, high.id].includes(r.id) || r.id > high.id);
    const list = await call("GET", "/api/announcements/active", { token: company.agent.token });
    expect(ours(list.json.records).map((r) => r.id)).toEqual([high.id, low.id]);
    const unreadBefore = list.json.unread;

    expect((await call("POST", `/api/announcements/${high.id}/dismiss`, { token: company.agent.token })).status).toBe(200);
    await call("POST", `/api/announcements/${low.id}/read`, { token: company.agent.token });
    const after = await call("GET", "/api/announcements/active", { token: company.agent.token });
    expect(after.json.unread).toBe(unreadBefore - 2);
    expect(ours(after.json.records)).toMatchObject([{ id: high.id, dismissed: true, read: true }, { id: low.id, dismissed: false, read: true }]);
    // A colleague's marks are their own.
    const colleague = await call("GET", "/api/announcements/active", { token: company.admin.token });
    expect(colleague.json.unread).toBe(unreadBefore);
    // Another company cannot mark what it is not shown.
    expect((await call("POST", `/api/announcements/${high.id}/read`, { token: teamB.agent.token })).status).toBe(404);
  });
});

describe("announcement attachments", () => {
  it("takes an image from the super user and serves it to the users it is shown to", async () => {
    const made = await create({ title: title(), companyIds: [teamA.company.id] });
    const up = await call("POST", `/api/announcements/${made.id}/media-upload`, { token: superUser.token, rawBody: formWithFile("file", PNG, "banner.png", "image/png") });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ mediaName: "banner.png", mediaUrl: `/api/announcements/${made.id}/media` });
    expect((await rawCall("GET", up.json.mediaUrl, teamA.agent.token)).status).toBe(200);
    expect((await rawCall("GET", up.json.mediaUrl, teamB.agent.token)).status).toBe(404);
    const refused = await call("POST", `/api/announcements/${made.id}/media-upload`, { token: teamA.admin.token, rawBody: formWithFile("file", PNG, "x.png", "image/png") });
    expect(refused.status).toBe(403);
    expect((await call("DELETE", `/api/announcements/${made.id}/media-upload`, { token: superUser.token })).json.mediaUrl).toBeNull();
  });
});
