import type { PushPreferencesInput } from "../../contracts/push";
import { pushPreferences } from "../../db/tenant";
import type { Ctx } from "../context";
import { minutesOf } from "./quietHours";

/** PUT /api/push/preferences: the user's quiet hours (null: none), in the company's time zone. */
export async function setPushPreferences({ ctx, input }: { ctx: Ctx; input: PushPreferencesInput }): Promise<PushPreferencesInput> {
  const quietFrom = input.quietHours ? minutesOf(input.quietHours.from) : null;
  const quietTo = input.quietHours ? minutesOf(input.quietHours.to) : null;
  ctx.db
    .insert(pushPreferences)
    .values({ userId: ctx.user.id, companyId: ctx.companyId, quietFrom, quietTo })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { quietFrom, quietTo } })
    .run();
  return { quietHours: input.quietHours };
}
