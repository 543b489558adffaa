import { asc, eq } from "drizzle-orm";
import type { ControlDb as Db } from "../../db/client";
import { plans } from "../../db/control";
import { planView } from "./view";

/**
 * The plans offered publicly (signup, the public price list): useInternal true — the spec's inverted flag,
 * "true means the plan is NOT for internal use". Cheapest first. No authentication.
 */
export async function listPublicPlans({ db }: { db: Db }) {
  const rows = await db.select().from(plans).where(eq(plans.useInternal, true)).orderBy(asc(plans.value), asc(plans.name));
  return rows.map(planView);
}
