import type { Db } from "../db/client";
import type { Delivery, HubActor } from "../contracts/ws";
import type { Ctx, CurrentUser } from "../domain/context";
import { unwrap } from "../domain/errors";
import type { CompanyHubRef, HubDirectory, HubPort } from "../domain/hubPort";
import type { Env } from "../env";

export function hubFor(env: Env, companyId: number) {
  return env.COMPANY_HUB.get(env.COMPANY_HUB.idFromName(`company:${companyId}`));
}

/**
 * Every company's hub by id (the domain's `hubs`), each reached through its stub. Code running in a hub passes
 * `here`, that hub's own reference, so asking for its own company makes no call to itself.
 */
export function hubDirectory(env: Env, here?: { companyId: number; hub: CompanyHubRef }): HubDirectory {
  return { of: (companyId) => (here && here.companyId === companyId ? here.hub : stubRef(env, companyId)) };
}

function stubRef(env: Env, companyId: number): CompanyHubRef {
  const stub = hubFor(env, companyId);
  return {
    publish: (deliveries) => publishLogged(companyId, deliveries, (d) => stub.publish(d)),
    companyChanged: () => stub.companyChanged(companyId),
    call: async (name, input) => unwrap(await stub.call(companyId, name, input)) as never,
    ingest: (events) => stub.ingest(companyId, events),
    destroy: () => stub.destroy(),
  };
}

/**
 * Publishes after the write has landed. A failed fan-out must not turn a successful write into an error
 * response, so it is logged, not thrown.
 */
export async function publishLogged(companyId: number, deliveries: Delivery[], send: (deliveries: Delivery[]) => Promise<unknown>): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    await send(deliveries);
  } catch (err) {
    console.error("hub publish failed", { companyId, err: String(err) });
  }
}

/** Set by a CompanyHub on the env it hands to the API it runs, so the API's routes reach the hub they run in. */
const LOCAL_HUB = Symbol("localHub");
export interface LocalHub {
  companyId: number;
  db: Db;
  acceptSocket(actor: HubActor): Response;
  /** Where the hub's publishing stands (HUB_MARK_HEADER). */
  publishMark(): string;
  /** The context of a verb an agent runs here (the API's `ctx`). */
  contextFor(user: CurrentUser): Ctx;
  /** This hub's port, for work with no agent (the external API). */
  port: HubPort;
}

/** The env for the API running inside `hub`: the same bindings, plus a direct line to the hub. */
export function envInsideHub(env: Env, hub: LocalHub): Env {
  const inside = Object.create(env) as Env & { [LOCAL_HUB]?: LocalHub };
  inside[LOCAL_HUB] = hub;
  return inside;
}

/** The hub the API runs in (the worker forwards every authenticated request to one). */
export function hubHere(env: Env): LocalHub {
  const local = (env as Env & { [LOCAL_HUB]?: LocalHub })[LOCAL_HUB];
  if (!local) throw new Error("the API runs inside a CompanyHub (worker/api/edge.ts forwards to it)");
  return local;
}
