import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { UpdateSettingInput } from "../../contracts/settings";
import type { Audience } from "../../contracts/ws";
import { settings, users } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { companySettings, isCompanySettingKey, isPlatformSettingKey, isSecretKey, platformSettings, SECRET_MASK, shownValue } from "./catalogue";
import { PLATFORM_COMPANY_ID } from "./platform";

/**
 * PUT /settings/:key. A company key is the company admin's (settings:edit) and is saved on the company;
 * a platform key is the platform admin's (settings:global) and is saved on the platform company.
 * The value must be one the catalogue allows for the key.
 */
export async function updateSetting({ ctx, input }: { ctx: Ctx; input: { key: string } & UpdateSettingInput }) {
  const { key } = input;
  let schema: z.ZodType;
  let companyId: number;
  if (isCompanySettingKey(key)) {
    requirePermission(ctx, "settings:edit");
    schema = companySettings[key].schema;
    companyId = ctx.companyId;
  } else if (isPlatformSettingKey(key)) {
    requirePermission(ctx, "settings:global");
    schema = platformSettings[key].schema;
    companyId = PLATFORM_COMPANY_ID;
  } else {
    throw new AppError("ERR_NO_SETTING_FOUND");
  }
  // The body is read after the permission check (an invalid one answers 400 here, a forbidden request 403 above).
  const { value } = input;
  if (!schema.safeParse(value).success) throw fieldError({ value: `Not an allowed value for ${key}` });
  // The mask sent back by a form that did not touch the secret keeps it.
  if (isSecretKey(key) && value === SECRET_MASK) return { key, value: SECRET_MASK };

  const previous = key === "retentionDays" ? ctx.db.select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))).get() : undefined;
  ctx.db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
    .run();
  // Retention (issue 28): audited beside the change, and the hub's due work re-armed for the new period.
  if (key === "retentionDays") {
    recordAudit(ctx, { action: "retention.changed", target: { type: "setting", id: key }, detail: { from: previous?.value ?? companySettings.retentionDays.default, to: value } });
    await ctx.hub.workChanged();
  }

  // Platform values include integration secrets: only the platform admins hear of them.
  let audience: Audience = { kind: "company" };
  if (companyId === PLATFORM_COMPANY_ID && isPlatformSettingKey(key)) {
    const supers = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, PLATFORM_COMPANY_ID), eq(users.super, true)));
    audience = { kind: "users", userIds: supers.map((u) => u.id) };
  }
  await ctx.hubs.of(companyId).publish([{ audience, event: { type: "settings", action: "update", key, value: shownValue(key, value) } }]);
  return { key, value: shownValue(key, value) };
}
