import type { Delivery } from "../contracts/ws";
import type { Env } from "../env";

export function hubFor(env: Env, companyId: number) {
  return env.COMPANY_HUB.get(env.COMPANY_HUB.idFromName(`company:${companyId}`));
}

/**
 * Publishes after the write has landed. A failed fan-out must not turn a successful write into an error
 * response, so it is logged, not thrown.
 */
export async function publish(env: Env, companyId: number, deliveries: Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    await hubFor(env, companyId).publish(deliveries);
  } catch (err) {
    console.error("hub publish failed", { companyId, err: String(err) });
  }
}
