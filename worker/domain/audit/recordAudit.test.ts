import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/tenant";
import { companyWithTeam, inHub, testEnv } from "../../testing/fixtures";
import { authenticate } from "../auth/authenticate";
import { recordAudit } from "./recordAudit";

describe("recordAudit", () => {
  it("keeps an entry with the action it records, and drops it with an action that fails", async () => {
    const { company, admin } = await companyWithTeam();
    const rows = await inHub(company.id, async (hub) => {
      const user = await authenticate({ db: hub.db, env: testEnv, token: admin.token });
      const ctx = { ...hub.contextFor(user), client: { ip: "10.1.2.3", userAgent: "Test browser" } };
      recordAudit(ctx, { action: "setting.changed", target: { type: "setting", id: "userRating", label: "userRating" }, detail: { from: "disabled", to: "enabled" } });
      expect(() =>
        ctx.db.transaction(() => {
          recordAudit(ctx, { action: "queue.deleted", target: { type: "queue", id: 1 } });
          throw new Error("the action failed");
        }),
      ).toThrow("the action failed");
      return hub.db.select().from(auditLog).where(eq(auditLog.companyId, company.id)).all();
    });
    // The admin's sign-in (companyWithTeam logs the team in) is an entry of its own.
    expect(rows.filter((r) => r.action !== "auth.signIn").map((r) => [r.action, r.actorKind, r.actorId, r.ip, r.userAgent, r.targetId, r.detail])).toEqual([
      ["setting.changed", "user", admin.id, "10.1.2.3", "Test browser", "userRating", { from: "disabled", to: "enabled" }],
    ]);
  });
});
