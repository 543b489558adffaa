import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../db/tenant";
import { companySettings, platformSettings } from "../../domain/settings/catalogue";
import { call, companyWithTeam, connectWs, createUser, inTenant, loginAs, platformAdmin, setSetting } from "../../testing/fixtures";

let platform: Awaited<ReturnType<typeof platformAdmin>>;
let teamA: Awaited<ReturnType<typeof companyWithTeam>>;
let teamB: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  // First in this file's database, so the platform company is company 1.
  platform = await platformAdmin();
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

const saved = (companyId: number, key: string) =>
  inTenant(companyId, (db) => db.select().from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))).get());
const valueIn = (list: { key: string; value: string }[], key: string) => list.find((s) => s.key === key)?.value;

describe("GET /api/settings", () => {
  it("gives any user their company's settings, defaults filled in for keys never saved", async () => {
    await setSetting(teamA.company.id, "viewclosed", "enabled");
    const res = await call("GET", "/api/settings", { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json.map((s: { key: string }) => s.key)).toEqual(Object.keys(companySettings));
    expect(valueIn(res.json, "viewclosed")).toBe("enabled");
    expect(valueIn(res.json, "viewgroups")).toBe("disabled");
    expect(valueIn(res.json, "allowregister")).toBeUndefined();
  });

  it("never shows another company's values", async () => {
    await setSetting(teamB.company.id, "userRating", "enabled");
    const res = await call("GET", "/api/settings", { token: teamA.admin.token });
    expect(valueIn(res.json, "userRating")).toBe("disabled");
  });

  it("adds the platform keys for a platform admin", async () => {
    await setSetting(platform.company.id, "trial", "5");
    const res = await call("GET", "/api/settings", { token: platform.user.token });
    expect(res.status).toBe(200);
    const keys = res.json.map((s: { key: string }) => s.key);
    expect(keys).toEqual([...Object.keys(companySettings), ...Object.keys(platformSettings)]);
    expect(valueIn(res.json, "trial")).toBe("5");
    expect(valueIn(res.json, "asaas")).toBe("");
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/settings")).status).toBe(401);
  });
});

describe("PUT /api/settings/:key", () => {
  it("saves a company setting for an admin, once per key, and tells the company's open tabs", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const tab = await connectWs(agent.token);
    try {
      const first = await call("PUT", "/api/settings/sendGreetingAccepted", { token: admin.token, body: { value: "enabled" } });
      expect(first.status).toBe(200);
      expect(first.json).toEqual({ key: "sendGreetingAccepted", value: "enabled" });
      await tab.waitFor((e) => e.type === "settings" && e.key === "sendGreetingAccepted" && e.value === "enabled");
      await call("PUT", "/api/settings/sendGreetingAccepted", { token: admin.token, body: { key: "sendGreetingAccepted", value: "disabled" } });
      const rows = await inTenant(company.id, (db) =>
        db
          .select({ n: count() })
          .from(settings)
          .where(and(eq(settings.companyId, company.id), eq(settings.key, "sendGreetingAccepted")))
          .get(),
      );
      expect(rows?.n).toBe(1);
      expect((await saved(company.id, "sendGreetingAccepted"))?.value).toBe("disabled");
    } finally {
      tab.close();
    }
  });

  it("changes only the admin's own company", async () => {
    await setSetting(teamB.company.id, "call", "enabled");
    await call("PUT", "/api/settings/call", { token: teamA.admin.token, body: { value: "disabled" } });
    expect((await saved(teamA.company.id, "call"))?.value).toBe("disabled");
    expect((await saved(teamB.company.id, "call"))?.value).toBe("enabled");
  });

  it("names value when it is not one the key allows, and changes nothing", async () => {
    await setSetting(teamA.company.id, "scheduleType", "queue");
    const wrong = await call("PUT", "/api/settings/scheduleType", { token: teamA.admin.token, body: { value: "sometimes" } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.fields)).toEqual(["value"]);
    const missing = await call("PUT", "/api/settings/scheduleType", { token: teamA.admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ value: "Required" });
    expect((await saved(teamA.company.id, "scheduleType"))?.value).toBe("queue");
  });

  it("answers 404 ERR_NO_SETTING_FOUND for a key that does not exist", async () => {
    const res = await call("PUT", "/api/settings/doesNotExist", { token: teamA.admin.token, body: { value: "enabled" } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("refuses an agent with 403 and an anonymous caller with 401, changing nothing", async () => {
    await setSetting(teamA.company.id, "viewgroups", "disabled");
    expect((await call("PUT", "/api/settings/viewgroups", { token: teamA.agent.token, body: { value: "enabled" } })).status).toBe(403);
    expect((await call("PUT", "/api/settings/viewgroups", { body: { value: "enabled" } })).status).toBe(401);
    expect((await saved(teamA.company.id, "viewgroups"))?.value).toBe("disabled");
  });

  it("saves a platform key on the platform company for a platform admin", async () => {
    const res = await call("PUT", "/api/settings/allowregister", { token: platform.user.token, body: { value: "enabled" } });
    expect(res.status).toBe(200);
    expect((await saved(platform.company.id, "allowregister"))?.value).toBe("enabled");
    expect((await call("GET", "/api/settings/allowregister")).json).toEqual({ key: "allowregister", value: "enabled" });
  });

  it("refuses a company admin a platform key with 403", async () => {
    const res = await call("PUT", "/api/settings/viewregister", { token: teamA.admin.token, body: { value: "enabled" } });
    expect(res.status).toBe(403);
    expect(await saved(teamA.company.id, "viewregister")).toBeUndefined();
    expect(await saved(platform.company.id, "viewregister")).toBeUndefined();
  });

  it("tells only platform admins about platform values (they include integration secrets)", async () => {
    const colleague = await createUser(platform.company.id, { profile: "admin" });
    const colleagueTab = await connectWs(await loginAs(colleague.email));
    const superTab = await connectWs(platform.user.token);
    try {
      const res = await call("PUT", "/api/settings/asaas", { token: platform.user.token, body: { value: "secret-key" } });
      expect(res.status).toBe(200);
      await superTab.waitFor((e) => e.type === "settings" && e.key === "asaas");
      await new Promise((r) => setTimeout(r, 100));
      expect(JSON.stringify(colleagueTab.events)).not.toContain("secret-key");
    } finally {
      colleagueTab.close();
      superTab.close();
    }
  });
});

describe("secret platform settings (the Pix client secret)", () => {
  it("are write-only: saved as given, read back masked, and kept when the mask is sent back", async () => {
    const token = platform.user.token;
    expect(valueIn((await call("GET", "/api/settings", { token })).json, "pixClientSecret")).toBe("");
    const put = await call("PUT", "/api/settings/pixClientSecret", { token, body: { value: "s3cr3t-psp" } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ key: "pixClientSecret", value: "********" });
    expect((await saved(platform.company.id, "pixClientSecret"))?.value).toBe("s3cr3t-psp");
    const list = await call("GET", "/api/settings", { token });
    expect(valueIn(list.json, "pixClientSecret")).toBe("********");
    expect(JSON.stringify(list.json)).not.toContain("s3cr3t-psp");

    expect((await call("PUT", "/api/settings/pixClientSecret", { token, body: { value: "********" } })).status).toBe(200);
    expect((await saved(platform.company.id, "pixClientSecret"))?.value).toBe("s3cr3t-psp");
    // Not a secret: shown as saved.
    await call("PUT", "/api/settings/pixClientId", { token, body: { value: "client-1" } });
    expect(valueIn((await call("GET", "/api/settings", { token })).json, "pixClientId")).toBe("client-1");
  });

  it("refuses a company admin with 403", async () => {
    expect((await call("PUT", "/api/settings/pixClientSecret", { token: teamA.admin.token, body: { value: "x" } })).status).toBe(403);
  });
});

describe("GET /api/settings/allowregister, /viewregister, /trial", () => {
  it("answers the platform values without logging in, defaults when never saved", async () => {
    const viewregister = await call("GET", "/api/settings/viewregister");
    expect(viewregister.status).toBe(200);
    expect(viewregister.json).toEqual({ key: "viewregister", value: "disabled" });
    await setSetting(platform.company.id, "trial", "7");
    expect((await call("GET", "/api/settings/trial")).json).toEqual({ key: "trial", value: "7" });
  });

  it("ignores a company's own rows for platform keys", async () => {
    await setSetting(teamA.company.id, "viewregister", "enabled");
    expect((await call("GET", "/api/settings/viewregister")).json.value).toBe("disabled");
  });

  it("does not expose other platform keys without logging in", async () => {
    expect((await call("GET", "/api/settings/asaas")).status).toBe(404);
  });
});
