import { describe, expect, it } from "vitest";
import { userQueues } from "../../db/tenant";
import { companyWithTeam, createQueue, inTenant } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";
import { apiTokenOf, callApi } from "../../testing/publicApi";

describe("GET /api/v1/users and /api/v1/connections", () => {
  it("lists the company's users with their queues and its connections, never another company's", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const queue = await createQueue(a.company.id);
    await inTenant(a.company.id, (db) => db.insert(userQueues).values({ userId: a.agent.id, queueId: queue.id }).run());
    const [connection] = await Promise.all([createConnection(a.company.id, { name: "Atendimento", number: "5511988887777" }), createConnection(b.company.id)]);
    const { token } = await apiTokenOf(a.admin, { scopes: ["company:read"] });

    const users = await callApi("GET", "/users", token);
    expect(users.status).toBe(200);
    expect(users.json.items.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.supervisor.id, a.agent.id].sort());
    expect(users.json.items.find((u: { id: number }) => u.id === a.agent.id)).toEqual({
      id: a.agent.id,
      name: a.agent.name,
      email: a.agent.email,
      profile: "user",
      online: expect.any(Boolean),
      queueIds: [queue.id],
    });

    const connections = await callApi("GET", "/connections", token);
    expect(connections.status).toBe(200);
    expect(connections.json.items).toEqual([
      { id: connection!.id, name: "Atendimento", channel: "baileys", status: "CONNECTED", number: "5511988887777", isDefault: true },
    ]);
  });

  it("needs company:read (403 naming it)", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.admin, { scopes: ["tickets:read", "contacts:read"] });
    for (const path of ["/users", "/connections"]) {
      expect((await callApi("GET", path, token)).json).toMatchObject({ error: "ERR_API_SCOPE", scope: "company:read" });
    }
  });
});
