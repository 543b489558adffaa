import type { Delivery } from "../contracts/ws";
import type { Env } from "../env";

export function hubFor(env: Env, companyId: number) {
  return env.COMPANY_HUB.get(env.COMPANY_HUB.idFromName(`company:${companyId}`));
}

/** Set by a CompanyHub on the env it hands to the work it runs, so that work publishes without an RPC to itself. */
const LOCAL_HUB = Symbol("localHub");
type LocalHub = { companyId: number; publish(deliveries: Delivery[]): Promise<number> };

/** The env for work running inside `hub`: the same bindings, plus a direct line to the hub for fan-out. */
export function envInsideHub(env: Env, hub: LocalHub): Env {
  const inside = Object.create(env) as Env & { [LOCAL_HUB]?: LocalHub };
  inside[LOCAL_HUB] = hub;
  return inside;
}

/**
 * Publishes after the write has landed. A failed fan-out must not turn a successful write into an error
 * response, so it is logged, not thrown.
 */
export async function publish(env: Env, companyId: number, deliveries: Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    const local = (env as Env & { [LOCAL_HUB]?: LocalHub })[LOCAL_HUB];
    if (local && local.companyId === companyId) await local.publish(deliveries);
    else await hubFor(env, companyId).publish(deliveries);
  } catch (err) {
    console.error("hub publish failed", { companyId, err: String(err) });
  }
}
