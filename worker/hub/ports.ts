import type { Db } from "../db/client";
import type { Delivery, HubActor } from "../contracts/ws";
import type { CurrentUser } from "../domain/context";
import type { ExternalSendCommand } from "../domain/externalApi/sendExternalMessage";
import type { Env } from "../env";
import type { CommandEnvelope, HubCommandName } from "./commands";

export function hubFor(env: Env, companyId: number) {
  return env.COMPANY_HUB.get(env.COMPANY_HUB.idFromName(`company:${companyId}`));
}

/** Set by a CompanyHub on the env it hands to the work it runs, so that work reaches the hub without an RPC to itself. */
const LOCAL_HUB = Symbol("localHub");
export interface LocalHub {
  companyId: number;
  db: Db;
  publish(deliveries: Delivery[]): Promise<number>;
  command(name: HubCommandName, actor: CurrentUser, input: never): Promise<CommandEnvelope>;
  acceptSocket(actor: HubActor): Response;
  endSessions(userId: number, keepSessionId: string | null, reason: "replaced" | "revoked"): Promise<void>;
  updateActor(userId: number, patch: Partial<Omit<HubActor, "userId" | "sessionId">>): Promise<void>;
  sendExternal(companyId: number, input: ExternalSendCommand): Promise<CommandEnvelope>;
  workChanged(companyId: number): Promise<void>;
  /** The control database changed the company or its plan: the hub's copy is read again. */
  companyChanged(companyId: number): Promise<void>;
}

/** The env for work running inside `hub`: the same bindings, plus a direct line to the hub. */
export function envInsideHub(env: Env, hub: LocalHub): Env {
  const inside = Object.create(env) as Env & { [LOCAL_HUB]?: LocalHub };
  inside[LOCAL_HUB] = hub;
  return inside;
}

/** The hub this code runs in, when it runs in one (the API and every verb do; the worker's edge does not). */
export function localHub(env: Env, companyId: number): LocalHub | null {
  const local = (env as Env & { [LOCAL_HUB]?: LocalHub })[LOCAL_HUB];
  return local && local.companyId === companyId ? local : null;
}

/**
 * Publishes after the write has landed. A failed fan-out must not turn a successful write into an error
 * response, so it is logged, not thrown.
 */
export async function publish(env: Env, companyId: number, deliveries: Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    const local = localHub(env, companyId);
    if (local) await local.publish(deliveries);
    else await hubFor(env, companyId).publish(deliveries);
  } catch (err) {
    console.error("hub publish failed", { companyId, err: String(err) });
  }
}

/** The company's hub as domain code reaches it: itself when the code runs there, its stub from the worker. */
export type CompanyHubReach = Pick<LocalHub, "publish" | "endSessions" | "updateActor" | "sendExternal" | "workChanged" | "companyChanged">;
export function companyHub(env: Env, companyId: number): CompanyHubReach {
  // The stub has the same methods; its RPC type is too deep for the compiler to compare to LocalHub's.
  return localHub(env, companyId) ?? (hubFor(env, companyId) as unknown as CompanyHubReach);
}

/** The hub the API runs in (the worker forwards every authenticated request to one). */
export function hubHere(env: Env): LocalHub {
  const local = (env as Env & { [LOCAL_HUB]?: LocalHub })[LOCAL_HUB];
  if (!local) throw new Error("the API runs inside a CompanyHub (worker/api/edge.ts forwards to it)");
  return local;
}
