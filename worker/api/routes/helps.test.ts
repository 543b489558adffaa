import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { youtubeId } from "../../contracts/helps";
import { helps } from "../../db/control";
import { call, companyWithTeam, control, platformAdmin } from "../../testing/fixtures";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let superToken: string;
let team: Team;
beforeAll(async () => {
  superToken = (await platformAdmin()).user.token;
  team = await companyWithTeam();
});

const helpCount = async () => (await control.select({ n: count() }).from(helps).get())!.n;

async function create(body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/helps", { token: superToken, body: { title: "Como atender", description: "O básico", video: "dQw4w9WgXcQ", ...body } });
  expect(res.status).toBe(201);
  return res.json as { id: number; title: string; video: string };
}

describe("youtubeId", () => {
  it("reads the id from a bare code and from watch, short, embed and shorts links, and refuses anything else", () => {
    for (const v of [
      "dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(youtubeId(v)).toBe("dQw4w9WgXcQ");
    }
    for (const v of ["", "short", "https://vimeo.com/123456789", "https://evil.test/watch?v=dQw4w9WgXcQ", "javascript:alert(1)"]) {
      expect(youtubeId(v)).toBeNull();
    }
  });
});

describe("POST /api/helps", () => {
  it("lets a super user add a video, storing the code of a YouTube link", async () => {
    const made = await create({ video: "https://youtu.be/aqz-KE-bpKQ" });
    expect(made).toMatchObject({ title: "Como atender", video: "aqz-KE-bpKQ" });
    expect(await control.select().from(helps).where(eq(helps.id, made.id)).get()).toMatchObject({ video: "aqz-KE-bpKQ" });
  });

  it("names the invalid fields and writes nothing", async () => {
    const before = await helpCount();
    const res = await call("POST", "/api/helps", { token: superToken, body: { title: "", video: "https://vimeo.com/1" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ title: "Required", video: "Must be a YouTube video link or code" });
    expect(await helpCount()).toBe(before);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401, writing nothing", async () => {
    const before = await helpCount();
    const body = { title: "X", video: "dQw4w9WgXcQ" };
    expect((await call("POST", "/api/helps", { token: team.admin.token, body })).status).toBe(403);
    expect((await call("POST", "/api/helps", { body })).status).toBe(401);
    expect(await helpCount()).toBe(before);
  });
});

describe("GET /api/helps", () => {
  it("shows every logged-in user, of any company and profile, the videos", async () => {
    const made = await create({ title: "Filas" });
    for (const token of [team.agent.token, team.admin.token, superToken]) {
      const res = await call("GET", "/api/helps", { token });
      expect(res.status).toBe(200);
      expect(res.json).toContainEqual(expect.objectContaining({ id: made.id, title: "Filas", video: "dQw4w9WgXcQ" }));
      expect((await call("GET", "/api/helps/list", { token })).json).toEqual(res.json);
    }
    expect((await call("GET", `/api/helps/${made.id}`, { token: team.agent.token })).json).toMatchObject({ id: made.id });
  });

  it("answers 401 without a session and 404 for an unknown video", async () => {
    expect((await call("GET", "/api/helps")).status).toBe(401);
    expect((await call("GET", "/api/helps/999999", { token: team.agent.token })).status).toBe(404);
  });
});

describe("PUT /api/helps/:id", () => {
  it("changes what is sent and keeps the rest", async () => {
    const made = await create();
    const res = await call("PUT", `/api/helps/${made.id}`, { token: superToken, body: { title: "Novo título" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: made.id, title: "Novo título", description: "O básico", video: "dQw4w9WgXcQ" });
  });

  it("answers an empty body and a bad link with 400, an unknown id with 404, changing nothing", async () => {
    const made = await create();
    expect((await call("PUT", `/api/helps/${made.id}`, { token: superToken, body: {} })).status).toBe(400);
    expect((await call("PUT", `/api/helps/${made.id}`, { token: superToken, body: { video: "nope" } })).status).toBe(400);
    expect((await call("PUT", "/api/helps/999999", { token: superToken, body: { title: "X" } })).status).toBe(404);
    expect(await control.select().from(helps).where(eq(helps.id, made.id)).get()).toMatchObject({ title: "Como atender" });
  });

  it("refuses a company admin with 403, leaving the video as it was", async () => {
    const made = await create();
    expect((await call("PUT", `/api/helps/${made.id}`, { token: team.admin.token, body: { title: "Hack" } })).status).toBe(403);
    expect(await control.select().from(helps).where(eq(helps.id, made.id)).get()).toMatchObject({ title: "Como atender" });
  });
});

describe("DELETE /api/helps/:id", () => {
  it("deletes a video; a second delete answers 404", async () => {
    const made = await create();
    expect((await call("DELETE", `/api/helps/${made.id}`, { token: superToken })).status).toBe(200);
    expect(await control.select().from(helps).where(eq(helps.id, made.id)).get()).toBeUndefined();
    expect((await call("DELETE", `/api/helps/${made.id}`, { token: superToken })).status).toBe(404);
  });

  it("refuses a company admin and an agent with 403, deleting nothing", async () => {
    const made = await create();
    expect((await call("DELETE", `/api/helps/${made.id}`, { token: team.admin.token })).status).toBe(403);
    expect((await call("DELETE", `/api/helps/${made.id}`, { token: team.agent.token })).status).toBe(403);
    expect(await control.select().from(helps).where(eq(helps.id, made.id)).get()).toBeDefined();
  });
});
