import { describe, expect, it } from "vitest";
import { call } from "../../testing/fixtures";
import { inboxCompany } from "../../testing/inbox";

describe("GET /api/queue", () => {
  it("lists the company's queues to any user, and none of another company's", async () => {
    const a = await inboxCompany();
    const b = await inboxCompany();
    const res = await call("GET", "/api/queue", { token: a.agent.token });
    expect(res.status).toBe(200);
    expect(res.json.map((q: { id: number }) => q.id).sort()).toEqual([a.sales.id, a.support.id].sort());
    expect(res.json.some((q: { id: number }) => q.id === b.sales.id)).toBe(false);
    expect((await call("GET", "/api/queue")).status).toBe(401);
  });
});

describe("GET /api/whatsapp", () => {
  it("lists the company's connections without secrets", async () => {
    const a = await inboxCompany();
    await inboxCompany();
    const res = await call("GET", "/api/whatsapp?session=0", { token: a.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({ id: a.connection.id, status: "CONNECTED", isDefault: true, queues: [] });
    expect(res.json[0]).not.toHaveProperty("tokenHash");
    expect(res.json[0]).not.toHaveProperty("qrcode");
  });
});
