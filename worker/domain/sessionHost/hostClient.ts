import type { z } from "zod";
import {
  addressBookEntry,
  checkNumbersResult,
  type connectionStatus,
  type deleteCommand,
  type editCommand,
  type reactCommand,
  type SendCommand,
} from "../../contracts/bridge";
import { and, eq, gte } from "drizzle-orm";
import { AppError, type ErrorCode, errorCatalogue } from "../errors";
import { createControlDb } from "../../db/client";
import { sessionHosts, sessionLeases } from "../../db/control";
import type { Env } from "../../env";
import { signBridgeRequest } from "../../lib/bridgeSignature";
import { bestHost, hostsWithLoad, isLive, noHostRegistered } from "./hosts";
import { placeConnection } from "./placement";

type Status = z.infer<typeof connectionStatus>;

/**
 * How a call finds its host: `holder` — the host holding the connection's unexpired lease (none: the connection
 * cannot act now); `place` — a start, restart or create: with no holder, the connection is first placed on the live
 * host with the most room; `any` — stop or log out a connection nothing runs: any live host does it.
 */
type Routing = "holder" | "place" | "any";

/**
 * The worker's side of worker → host calls (contract in worker/contracts/bridge.ts). Each call goes to the host
 * that holds the connection's lease (session_leases → session_hosts.url, ADR 0056); SESSION_HOST_URL only while no
 * host ever registered (an old single-host deployment). Every call is signed; no live holder, or an unreachable
 * host, is ERR_WAPP_NOT_INITIALIZED (the connection cannot act now: a queued send waits and is retried), and the
 * host's own error codes come back as AppErrors so callers handle one vocabulary.
 */
export function sessionHost(env: Pick<Env, "SESSION_HOST_URL" | "BRIDGE_SECRET" | "DB">) {
  const db = createControlDb(env.DB);

  /** Hosts fixed for this client's later calls (pin): a deleted connection's lease goes with its index entry. */
  const pinned = new Map<number, string>();

  async function hostUrl(connectionId: number, routing: Routing): Promise<string> {
    const known = pinned.get(connectionId);
    if (known) return known;
    const now = Date.now();
    const holder = await db
      .select({ url: sessionHosts.url, heartbeatAt: sessionHosts.heartbeatAt })
      .from(sessionLeases)
      .innerJoin(sessionHosts, eq(sessionHosts.id, sessionLeases.hostId))
      .where(and(eq(sessionLeases.whatsappId, connectionId), gte(sessionLeases.expiresAt, new Date(now))))
      .get();
    if (holder) {
      // A holder that stopped heartbeating is likely dead: no call that could hang on it; its lease runs out and the
      // connection is placed elsewhere (a queued send waits for that).
      if (!isLive(holder, now)) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "The session host running this connection is not answering; it moves to another host shortly.");
      return holder.url;
    }
    if (await noHostRegistered(db)) return env.SESSION_HOST_URL;
    if (routing === "holder") throw new AppError("ERR_WAPP_NOT_INITIALIZED", "No session host runs this connection now.");
    const hosts = await hostsWithLoad(db, now);
    const chosen = routing === "place" ? await placeConnection(db, hosts, connectionId, now) : (bestHost(hosts, { overflow: true })?.id ?? null);
    // A placement another caller won in the meantime may name a host not read above: read its address.
    const url = hosts.find((h) => h.id === chosen)?.url ?? (chosen ? (await db.select({ url: sessionHosts.url }).from(sessionHosts).where(eq(sessionHosts.id, chosen)).get())?.url : undefined);
    if (!url) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "No session host is live with room for this connection.");
    return url;
  }

  async function call<T>(connectionId: number, routing: Routing, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const url = new URL(path, await hostUrl(connectionId, routing));
    const headers = await signBridgeRequest(env.BRIDGE_SECRET, method, url.pathname + url.search, text);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : text,
      });
    } catch {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", "The session host is unreachable.");
    }
    const payload = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    if (!res.ok) {
      // The worker knows this connection (it routed by its lease): a host that does not run it has not started it
      // yet (a placement it learns of at its next heartbeat, a handover in progress). That passes; it is not gone, and
      // a queued send must wait for it rather than fail for good.
      if (res.status === 404 && payload?.error === "ERR_NO_WAPP_FOUND") throw new AppError("ERR_WAPP_NOT_INITIALIZED", "The session host has not started this connection yet.");
      const code = payload?.error && payload.error in errorCatalogue ? (payload.error as ErrorCode) : "ERR_SENDING_WAPP_MSG";
      throw new AppError(code, payload?.message ?? `The session host answered ${res.status}.`);
    }
    return payload as T;
  }

  const connection = (id: number, action: string) => `/bridge/connections/${id}/${action}`;
  return {
    /**
     * Finds the host that holds a connection now and sends this client's later calls for it there, whatever the
     * index says by then (a deletion removes the lease with the connection, then logs it out on its host).
     */
    pin: async (id: number) => {
      pinned.set(id, await hostUrl(id, "any"));
    },
    start: (id: number) => call<{ status: Status }>(id, "place", "POST", connection(id, "start"), {}),
    restart: (id: number) => call<{ status: Status }>(id, "place", "POST", connection(id, "restart"), {}),
    stop: (id: number) => call<{ status: Status }>(id, "any", "POST", connection(id, "stop"), {}),
    logout: (id: number) => call<{ status: Status }>(id, "any", "POST", connection(id, "logout"), {}),
    pairingCode: (id: number, number: string) => call<{ code: string }>(id, "holder", "POST", connection(id, "pairing-code"), { number }),
    addressBook: async (id: number) => {
      const { contacts } = await call<{ contacts: unknown[] }>(id, "holder", "GET", connection(id, "contacts"));
      return contacts.map((c) => addressBookEntry.parse(c));
    },
    checkNumber: (connectionId: number, number: string) =>
      call<{ exists: boolean; number: string }>(connectionId, "holder", "POST", "/bridge/check-number", { connectionId, number }),
    checkNumbers: async (connectionId: number, numbers: string[]) =>
      checkNumbersResult.parse(await call<unknown>(connectionId, "holder", "POST", "/bridge/check-numbers", { connectionId, numbers })).results,
    send: (command: SendCommand) => call<{ id: string }>(command.connectionId, "holder", "POST", "/bridge/send", command),
    edit: (command: z.input<typeof editCommand>) => call<{ ok: true }>(command.connectionId, "holder", "POST", "/bridge/edit", command),
    delete: (command: z.input<typeof deleteCommand>) => call<{ ok: true }>(command.connectionId, "holder", "POST", "/bridge/delete", command),
    react: (command: z.input<typeof reactCommand>) => call<{ ok: true }>(command.connectionId, "holder", "POST", "/bridge/react", command),
  };
}
export type SessionHostClient = ReturnType<typeof sessionHost>;
