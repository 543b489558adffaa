import { describe, expect, it } from "vitest";
import { queues, whatsapps } from "../../db/schema";
import { createCompany, createPlan, createQueue, createUser, db } from "../../testing/fixtures";
import { AppError } from "../errors";
import { assertPlanFeature, assertUnderPlanLimit } from "./planLimits";

async function companyOn(plan: Parameters<typeof createPlan>[0]) {
  const company = await createCompany({ planId: (await createPlan(plan)).id });
  return { db, companyId: company.id };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: unknown) => (err instanceof AppError ? { code: err.code, ...err.details } : String(err)),
  );

describe("assertPlanFeature", () => {
  it("lets a company use what its plan includes and refuses what it lacks", async () => {
    const ctx = await companyOn({ useKanban: false });
    expect(await codeOf(assertPlanFeature(ctx, "useCampaigns"))).toBe("ok");
    expect(await codeOf(assertPlanFeature(ctx, "useKanban"))).toEqual({ code: "ERR_PLAN_FEATURE_DISABLED", feature: "useKanban" });
  });
});

describe("assertUnderPlanLimit", () => {
  it("refuses the user, connection or queue one past the plan's limit", async () => {
    const ctx = await companyOn({ users: 1, connections: 1, queues: 2 });
    expect(await codeOf(assertUnderPlanLimit(ctx, "users"))).toBe("ok");
    await createUser(ctx.companyId);
    expect(await codeOf(assertUnderPlanLimit(ctx, "users"))).toEqual({ code: "ERR_PLAN_LIMIT_REACHED", limit: 1, resource: "users" });

    expect(await codeOf(assertUnderPlanLimit(ctx, "connections"))).toBe("ok");
    await db.insert(whatsapps).values({ companyId: ctx.companyId, name: "Main" });
    expect(await codeOf(assertUnderPlanLimit(ctx, "connections"))).toMatchObject({ limit: 1, resource: "connections" });

    await createQueue(ctx.companyId);
    expect(await codeOf(assertUnderPlanLimit(ctx, "queues"))).toBe("ok");
    await createQueue(ctx.companyId);
    expect(await codeOf(assertUnderPlanLimit(ctx, "queues"))).toMatchObject({ code: "ERR_PLAN_LIMIT_REACHED", limit: 2 });
  });

  it("counts only the company's own rows", async () => {
    const ctx = await companyOn({ queues: 1 });
    const other = await createCompany();
    await db.insert(queues).values({ companyId: other.id, name: "Theirs", color: "#abcdef" });
    expect(await codeOf(assertUnderPlanLimit(ctx, "queues"))).toBe("ok");
  });
});
