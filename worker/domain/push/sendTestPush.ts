import { and, count, eq } from "drizzle-orm";
import { pushSubscriptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { pushToUsers } from "./pushToUsers";
import { pushTexts } from "./texts";

/** POST /api/push/test: a push to the user's own devices now, whatever their tabs and quiet hours. */
export async function sendTestPush({ ctx }: { ctx: Ctx }): Promise<{ devices: number }> {
  const devices = ctx.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, ctx.companyId), eq(pushSubscriptions.userId, ctx.user.id)))
    .get()!.n;
  if (devices === 0) throw new AppError("ERR_PUSH_NO_DEVICE");
  pushToUsers(ctx, [ctx.user.id], (lang) => ({ kind: "test", title: pushTexts(lang).testTitle, body: pushTexts(lang).testBody, url: "/tickets", tag: "test" }), { always: true });
  return { devices };
}
