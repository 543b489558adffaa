import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/tenant";
import { call, companyWithTeam, inTenant, PASSWORD } from "../../testing/fixtures";

/** The company's entries, leaving out the sign-ins of its team (companyWithTeam logs each user in). */
const entries = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).all())).filter((r) => r.action !== "auth.signIn");

describe("the company's audited actions", () => {
  it("records a setting changed, with who, from where, and from → to", async () => {
    const { company, admin } = await companyWithTeam();
    const res = await call("PUT", "/api/settings/userRating", { token: admin.token, body: { value: "enabled" }, ip: "10.9.8.7" });
    expect(res.status).toBe(200);
    const rows = await entries(company.id);
    expect(rows.map((r) => [r.action, r.actorKind, r.actorId, r.targetId, r.ip, r.detail])).toEqual([
      ["setting.changed", "user", admin.id, "userRating", "10.9.8.7", { key: "userRating", from: "disabled", to: "enabled" }],
    ]);
  });

  it("records queues created, edited and deleted, and nothing for a refused one", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const made = await call("POST", "/api/queue", { token: admin.token, body: { name: "Vendas", color: "#123456" } });
    expect(made.status).toBe(201);
    expect((await call("PUT", `/api/queue/${made.json.id}`, { token: admin.token, body: { name: "Suporte" } })).status).toBe(200);
    // Refused: a duplicate name (409), a bad body (400), an agent (403).
    expect((await call("POST", "/api/queue", { token: admin.token, body: { name: "Suporte", color: "#654321" } })).status).toBe(409);
    expect((await call("POST", "/api/queue", { token: admin.token, body: { name: "" } })).status).toBe(400);
    expect((await call("DELETE", `/api/queue/${made.json.id}`, { token: agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/queue/${made.json.id}`, { token: admin.token })).status).toBe(200);
    const rows = await entries(company.id);
    expect(rows.map((r) => [r.action, r.targetId, r.detail])).toEqual([
      ["queue.created", String(made.json.id), { color: "#123456", assignmentMode: "off" }],
      ["queue.updated", String(made.json.id), { name: "Vendas → Suporte" }],
      ["queue.deleted", String(made.json.id), {}],
    ]);
  });

  it("records a user created and a profile changed, never the password", async () => {
    const { company, admin } = await companyWithTeam();
    const made = await call("POST", "/api/users", { token: admin.token, body: { name: "Ana", email: `ana-${company.id}@test.dev`, password: PASSWORD, profile: "user" } });
    expect(made.status).toBe(201);
    const edited = await call("PUT", `/api/users/${made.json.id}`, { token: admin.token, body: { profile: "supervisor", password: "Another123" } });
    expect(edited.status).toBe(200);
    const rows = await entries(company.id);
    expect(rows.map((r) => [r.action, r.targetId, r.detail])).toEqual([
      ["user.created", String(made.json.id), { email: `ana-${company.id}@test.dev`, profile: "user", queues: 0 }],
      ["user.profileChanged", String(made.json.id), { from: "user", to: "supervisor" }],
      ["auth.passwordChanged", String(made.json.id), { by: "admin" }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("Another123");
  });
});
