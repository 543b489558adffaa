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
import { AppError, type ErrorCode, errorCatalogue } from "../errors";
import type { Env } from "../../env";
import { signBridgeRequest } from "../../lib/bridgeSignature";

type Status = z.infer<typeof connectionStatus>;

/**
 * The worker's side of worker → host calls (contract in worker/contracts/bridge.ts). Every call is signed; an
 * unreachable host is ERR_WAPP_NOT_INITIALIZED (the connection cannot act now), and the host's own error codes
 * come back as AppErrors so callers handle one vocabulary.
 */
export function sessionHost(env: Pick<Env, "SESSION_HOST_URL" | "BRIDGE_SECRET">) {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const url = new URL(path, env.SESSION_HOST_URL);
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
      const code = payload?.error && payload.error in errorCatalogue ? (payload.error as ErrorCode) : "ERR_SENDING_WAPP_MSG";
      throw new AppError(code, payload?.message ?? `The session host answered ${res.status}.`);
    }
    return payload as T;
  }

  const connection = (id: number, action: string) => `/bridge/connections/${id}/${action}`;
  return {
    start: (id: number) => call<{ status: Status }>("POST", connection(id, "start"), {}),
    restart: (id: number) => call<{ status: Status }>("POST", connection(id, "restart"), {}),
    stop: (id: number) => call<{ status: Status }>("POST", connection(id, "stop"), {}),
    logout: (id: number) => call<{ status: Status }>("POST", connection(id, "logout"), {}),
    pairingCode: (id: number, number: string) => call<{ code: string }>("POST", connection(id, "pairing-code"), { number }),
    addressBook: async (id: number) => {
      const { contacts } = await call<{ contacts: unknown[] }>("GET", connection(id, "contacts"));
      return contacts.map((c) => addressBookEntry.parse(c));
    },
    checkNumber: (connectionId: number, number: string) =>
      call<{ exists: boolean; number: string }>("POST", "/bridge/check-number", { connectionId, number }),
    checkNumbers: async (connectionId: number, numbers: string[]) =>
      checkNumbersResult.parse(await call<unknown>("POST", "/bridge/check-numbers", { connectionId, numbers })).results,
    send: (command: SendCommand) => call<{ id: string }>("POST", "/bridge/send", command),
    edit: (command: z.input<typeof editCommand>) => call<{ ok: true }>("POST", "/bridge/edit", command),
    delete: (command: z.input<typeof deleteCommand>) => call<{ ok: true }>("POST", "/bridge/delete", command),
    react: (command: z.input<typeof reactCommand>) => call<{ ok: true }>("POST", "/bridge/react", command),
  };
}
export type SessionHostClient = ReturnType<typeof sessionHost>;
