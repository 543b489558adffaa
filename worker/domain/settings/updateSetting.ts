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
import { CHANGED, HIDDEN, shortValue } from "../audit/changes";

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

  // The value it had, the write and its audit entry in one transaction: the entry commits with the change or not at all.
  ctx.db.transaction(() => {
    const saved = ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
      .get();
    ctx.db
      .insert(settings)
      .values({ companyId, key, value })
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
      .run();
    const from = saved?.value ?? defaultOf(key);
    if (from !== value) {
      recordAudit(ctx, { action: "setting.changed", target: { type: "setting", id: key, label: key }, detail: { key, from: auditedValue(key, from), to: auditedValue(key, value) } });
      // Retention (issue 28): its own entry too, the one a data-protection review looks for.
      if (key === "retentionDays") recordAudit(ctx, { action: "retention.changed", target: { type: "setting", id: key }, detail: { from, to: value } });
    }
  });
  // The hub's due work re-armed for the new retention period.
  if (key === "retentionDays") await ctx.hub.workChanged();

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

function defaultOf(key: string): string {
  if (isCompanySettingKey(key)) return companySettings[key].default;
  if (isPlatformSettingKey(key)) return platformSettings[key].default;
  return "";
}

/** Keys whose values are or hold credentials even if the catalogue does not mark them sealed (a client id, a Pix key). */
const SECRET_LIKE = /secret|token|password|passwd|key|client|credential|asaas/i;

/** Keys whose values are texts said to contacts (the rating prompt): an entry says only that they changed. */
const MESSAGE_TEXT = /message|greeting|text/i;

/**
 * A setting's value as its audit entry shows it: a secret or secret-like key's never (HIDDEN, or empty when it was
 * cleared), a message text or a long value only as changed, any other value as it is.
 */
function auditedValue(key: string, value: string): string | number | boolean | null {
  if (isSecretKey(key) || SECRET_LIKE.test(key)) return value === "" ? "" : HIDDEN;
  if (MESSAGE_TEXT.test(key)) return value === "" ? "" : CHANGED;
  return shortValue(value);
}
