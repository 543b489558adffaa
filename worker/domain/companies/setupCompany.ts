import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { loginEmails } from "../../db/control";
import { settings, users } from "../../db/tenant";
import type { SetupCompanyInput } from "../../contracts/companies";
import type { SystemCtx } from "../context";
import { companySettings, type CompanySettingKey } from "../settings/catalogue";

export type { SetupCompanyInput };

/**
 * A new company's first rows, written in its own hub (a hub call of createCompany): its default settings and,
 * when asked, its first admin, in one transaction. The admin's login e-mail is then pointed at the new user.
 */
export async function setupCompany({ ctx, input }: { ctx: SystemCtx; input: SetupCompanyInput }): Promise<{ adminId: number | null }> {
  const { db, companyId } = ctx;
  const defaults = (Object.keys(companySettings) as CompanySettingKey[]).map((key) => ({ companyId, key, value: companySettings[key].default }));
  const writes: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < defaults.length; i += 15) {
    writes.push(db.insert(settings).values(defaults.slice(i, i + 15)).onConflictDoNothing());
  }
  let adminId: number | null = null;
  if (input.admin) {
    const { admin } = input;
    const [inserted] = await db.batch([
      db.insert(users).values({ companyId, ...admin, profile: "admin" }).returning({ id: users.id }),
      ...writes,
    ]);
    adminId = inserted[0]!.id;
    await ctx.control.update(loginEmails).set({ userId: adminId }).where(eq(loginEmails.email, admin.email));
  } else if (writes.length > 0) {
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return { adminId };
}

/** A company's saved settings (key, value), read in its own hub for a platform admin looking at it. */
export async function companySettingRows({ ctx }: { ctx: SystemCtx; input: Record<string, never> }) {
  return ctx.db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, ctx.companyId)).all();
}
