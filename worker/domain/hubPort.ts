import type { BridgeEvent } from "../contracts/bridge";
import type { Delivery, HubActor } from "../contracts/ws";
import type { ExternalSendCommand, ExternalSendResult } from "../contracts/externalApi";
import type { HubCallInput, HubCallName, HubCallOutput, HubCommandInput, HubCommandName, HubCommandOutput } from "../contracts/hubCalls";

/**
 * What a verb asks of its own company's CompanyHub (ADR 0016), on `ctx.hub`. The hub layer provides it: inside the
 * hub it calls the hub directly; the domain never reaches a hub any other way.
 */
export interface HubPort {
  /** Tells the company's sockets, after the write has landed: a failed fan-out is logged, never thrown. */
  publish(deliveries: Delivery[]): Promise<void>;
  /**
   * Publishes what `build` answers at most once per `everyMs` for `key`: the first call at once, the calls within
   * the interval after it folded into one, built when its time comes (so it carries the state of then). For
   * running totals that change many times a second (a campaign's progress). Logged, never thrown; a hub evicted
   * meanwhile drops the folded one (pages read the totals when they open).
   */
  publishCoalesced(key: string, everyMs: number, build: () => Promise<Delivery[]>): void;
  /** Closes the sockets of a user's sessions other than `keepSessionId` (null closes them all). */
  endSessions(userId: number, keepSessionId: string | null, reason: "replaced" | "revoked"): Promise<void>;
  /** A user was edited: the user's sockets decide visibility from the new profile and queues. */
  updateActor(userId: number, patch: Partial<Omit<HubActor, "userId" | "sessionId">>): Promise<void>;
  /** Something changed that may start or stop due work (a connection's automation rules): the alarm is re-armed. */
  workChanged(): Promise<void>;
  /** The control database changed the company or its plan: the hub's copy is read again. */
  companyChanged(): Promise<void>;
  /**
   * Runs `task` in the hub's command queue after every command queued before it, so after the current command's
   * writes have landed and been published: what an event sets off in the company (automation rules, assignment,
   * issue 26) runs after the event's transaction, one at a time with everything else. Never awaited by the caller
   * (the caller may itself be a command, which the task waits behind); a failure is logged under `label`. It lives
   * in the hub's memory: a hub evicted before its turn drops it, so work that must not be lost also has a due-work
   * sweep (hub/dueWork.ts).
   */
  afterThis(label: string, task: () => Promise<unknown>): void;
  /** An external-API send, run as the system in the command queue; a refusal is thrown as its AppError. */
  sendExternal(input: ExternalSendCommand): Promise<ExternalSendResult>;
  /** Whether one of the user's tabs is open and visible, as the tabs report it over their sockets (Web Push skips them). */
  hasVisibleTab(userId: number): boolean;
}

/** The port of an agent's context: ticket commands run as that agent. */
export interface ActingHubPort extends HubPort {
  /**
   * Runs a ticket command (hubCommands) as the acting user, after every command before it in the hub's queue;
   * answers its value, or throws the AppError that refused it.
   */
  command<N extends HubCommandName>(name: N, input: HubCommandInput<N>): Promise<HubCommandOutput<N>>;
}

/**
 * Any company's hub by its id, on `ctx.hubs`: platform verbs that act on another company (its copy refreshed, its
 * setup, its deletion) and the edge (login, refresh, bridge ingest, queue consumers). Asked for its own company,
 * code running in a hub gets that hub itself, with no call to itself.
 */
export interface HubDirectory {
  of(companyId: number): CompanyHubRef;
}

export interface CompanyHubRef {
  /** As HubPort.publish: logged, never thrown. */
  publish(deliveries: Delivery[]): Promise<void>;
  companyChanged(): Promise<void>;
  /** Work with nobody logged in there (hubCalls); a refusal is thrown as its AppError. */
  call<N extends HubCallName>(name: N, input: HubCallInput<N>): Promise<HubCallOutput<N>>;
  /** Inbound WhatsApp events of the company, in order. */
  ingest(events: BridgeEvent[]): Promise<{ ingested: number }>;
  /** Closes every socket and deletes the hub's whole storage (deleteCompany). */
  destroy(): Promise<void>;
}
