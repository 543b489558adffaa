import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { queues, whatsapps } from "../../db/tenant";
import { createCompany, createPlan, createQueue, createUser, inTenant } from "../../testing/fixtures";
import { AppError } from "../errors";
import { assertPlanFeature, assertUnderPlanLimit } from "./planLimits";

async function companyOn(plan: Parameters<typeof createPlan>[0]) {
  const company = await createCompany({ planId: (await createPlan(plan)).id });
  return { companyId: company.id };
}

/** Runs a plan check inside the company's hub, against its own database, and says how it ended. */
const codeOf = ({ companyId }: { companyId: number }, check: (ctx: { db: Db; companyId: number }) => void | Promise<void>) =>
  inTenant(companyId, (db) =>
    Promise.resolve()
      .then(() => check({ db, companyId }))
      .then(
      () => "ok",
      (err: unknown) => (err instanceof AppError ? { code: err.code, ...err.details } : String(err)),
    ),
  );

describe("assertPlanFeature", () => {
  it("lets a company use what its plan includes and refuses what it lacks", async () => {
    const ctx = await companyOn({ useKanban: false });
    expect(await codeOf(ctx, (c) => assertPlanFeature(c, "useCampaigns"))).toBe("ok");
    expect(await codeOf(ctx, (c) => assertPlanFeature(c, "useKanban"))).toEqual({ code: "ERR_PLAN_FEATURE_DISABLED", feature: "useKanban" });
  });
});

describe("assertUnderPlanLimit", () => {
  it("refuses the user, connection or queue one past the plan's limit", async () => {
    const ctx = await companyOn({ users: 1, connections: 1, queues: 2 });
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "users"))).toBe("ok");
    await createUser(ctx.companyId);
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "users"))).toEqual({ code: "ERR_PLAN_LIMIT_REACHED", limit: 1, resource: "users" });

    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "connections"))).toBe("ok");
    await inTenant(ctx.companyId, (db) => db.insert(whatsapps).values({ companyId: ctx.companyId, name: "Main" }).run());
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "connections"))).toMatchObject({ limit: 1, resource: "connections" });

    await createQueue(ctx.companyId);
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "queues"))).toBe("ok");
    await createQueue(ctx.companyId);
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "queues"))).toMatchObject({ code: "ERR_PLAN_LIMIT_REACHED", limit: 2 });
  });

  it("counts only the company's own rows", async () => {
    const ctx = await companyOn({ queues: 1 });
    const other = await createCompany();
    await inTenant(other.id, (db) => db.insert(queues).values({ companyId: other.id, name: "Theirs", color: "#abcdef" }).run());
    expect(await codeOf(ctx, (c) => assertUnderPlanLimit(c.db, c.companyId, "queues"))).toBe("ok");
  });
});
