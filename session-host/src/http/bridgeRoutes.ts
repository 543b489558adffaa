import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import {
  BRIDGE_HEADERS,
  BRIDGE_MAX_BODY_BYTES,
  checkNumberCommand,
  checkNumbersCommand,
  deleteCommand,
  editCommand,
  pairingCodeCommand,
  reactCommand,
  sendCommand,
} from "../../../worker/contracts/bridge";
import { parsePlatformId } from "../../../worker/contracts/ids";
import { verifyBridgeRequest } from "../../../worker/lib/bridgeSignature";
import type { ConnectionSupervisor } from "../bridge/supervisor";
import { consoleLogger, type Logger } from "../log";
import { type Provider, ProviderError } from "../providers/provider";
import { HttpError, parseBody, parseJson, readText, sendJson } from "./respond";

/**
 * The worker → host routes of the bridge (contract: worker/contracts/bridge.ts). Every call must be signed with
 * BRIDGE_SECRET and fresh (401 ERR_BRIDGE_SIGNATURE otherwise, before anything runs); bodies are parsed with the
 * contract's schemas (400 ERR_VALIDATION naming the fields). An unknown connection is 404 ERR_NO_WAPP_FOUND, one
 * that is not CONNECTED is 409 ERR_WAPP_NOT_INITIALIZED, a failure of WhatsApp itself is 502.
 */

export interface BridgeRoutesDeps {
  provider: Provider;
  supervisor: ConnectionSupervisor;
  secret: string;
  logger?: Logger;
}

/** Everything but sends is small; edits carry at most 64 Ki characters. */
const SMALL_BODY_BYTES = 1024 * 1024;

/** /bridge/connections/:id/<action>, each with its method: the table the router matches and the tests walk. */
export const CONNECTION_ACTIONS = {
  start: "POST",
  restart: "POST",
  stop: "POST",
  logout: "POST",
  "pairing-code": "POST",
  contacts: "GET",
} as const;
export type ConnectionAction = keyof typeof CONNECTION_ACTIONS;

/** POST /bridge/<command>, the connection id in the body: the table the router matches and the tests walk. */
export const COMMANDS = ["check-number", "check-numbers", "send", "edit", "delete", "react"] as const;
export type Command = (typeof COMMANDS)[number];

const CONNECTION_ROUTE = new RegExp(`^/bridge/connections/([^/]+)/(${Object.keys(CONNECTION_ACTIONS).join("|")})$`);
const COMMAND_ROUTE = new RegExp(`^/bridge/(${COMMANDS.join("|")})$`);
const emptyBody = z.object({}).loose();

/** Answers false when the path is not under /bridge. */
export async function handleBridge(deps: BridgeRoutesDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== "/bridge" && !url.pathname.startsWith("/bridge/")) return false;
  const method = req.method ?? "GET";
  const timestamp = header(req, BRIDGE_HEADERS.timestamp);
  const signature = header(req, BRIDGE_HEADERS.signature);
  // Refuse unsigned calls before reading what may be a large body.
  if (!timestamp || !signature) throw signatureError("missing");
  const text = await readText(req, url.pathname === "/bridge/send" ? BRIDGE_MAX_BODY_BYTES : SMALL_BODY_BYTES);
  const verdict = await verifyBridgeRequest(deps.secret, method, url.pathname + url.search, text, { timestamp, signature });
  if (!verdict.ok) throw signatureError(verdict.reason);

  const connection = CONNECTION_ROUTE.exec(url.pathname);
  if (connection) {
    const action = connection[2] as ConnectionAction;
    const expected = CONNECTION_ACTIONS[action];
    if (method !== expected) throw new HttpError(405, "ERR_METHOD_NOT_ALLOWED", `Use ${expected}.`);
    const id = connectionIdOf(connection[1]!);
    const body = parseJson(text);
    sendJson(res, 200, await dispatch(deps.logger, "ERR_INTERNAL", 500, () => runConnectionAction(deps, id, action, body)));
    return true;
  }
  const command = COMMAND_ROUTE.exec(url.pathname);
  if (command) {
    if (method !== "POST") throw new HttpError(405, "ERR_METHOD_NOT_ALLOWED", "Use POST.");
    const body = parseJson(text);
    const { provider } = deps;
    switch (command[1] as Command) {
      case "check-number": {
        const input = parseBody(checkNumberCommand, body);
        requireConnected(provider, input.connectionId);
        sendJson(res, 200, await dispatch(deps.logger, "ERR_WAPP_CHECK_CONTACT", 502, () => provider.checkNumber(input.connectionId, input.number)));
        return true;
      }
      case "check-numbers": {
        const input = parseBody(checkNumbersCommand, body);
        requireConnected(provider, input.connectionId);
        const results = await dispatch(deps.logger, "ERR_WAPP_CHECK_CONTACT", 502, () => provider.checkNumbers(input.connectionId, input.numbers));
        sendJson(res, 200, { results });
        return true;
      }
      case "send": {
        const input = parseBody(sendCommand, body);
        requireConnected(provider, input.connectionId);
        sendJson(res, 200, await dispatch(deps.logger, "ERR_SENDING_WAPP_MSG", 502, () => provider.send(input)));
        return true;
      }
      case "edit": {
        const input = parseBody(editCommand, body);
        requireConnected(provider, input.connectionId);
        await dispatch(deps.logger, "ERR_SENDING_WAPP_MSG", 502, () => provider.edit(input));
        sendJson(res, 200, { ok: true });
        return true;
      }
      case "delete": {
        const input = parseBody(deleteCommand, body);
        requireConnected(provider, input.connectionId);
        await dispatch(deps.logger, "ERR_DELETE_WAPP_MSG", 502, () => provider.delete(input));
        sendJson(res, 200, { ok: true });
        return true;
      }
      case "react": {
        const input = parseBody(reactCommand, body);
        requireConnected(provider, input.connectionId);
        await dispatch(deps.logger, "ERR_SENDING_WAPP_MSG", 502, () => provider.react(input));
        sendJson(res, 200, { ok: true });
        return true;
      }
    }
  }
  throw new HttpError(404, "ERR_NOT_FOUND", "Not found.");
}

async function runConnectionAction(deps: BridgeRoutesDeps, id: number, action: ConnectionAction, body: unknown): Promise<unknown> {
  const { provider, supervisor } = deps;
  switch (action) {
    case "start":
      parseBody(emptyBody, body);
      return { status: await supervisor.start(id) };
    case "restart":
      parseBody(emptyBody, body);
      return { status: await supervisor.restart(id) };
    case "stop":
      parseBody(emptyBody, body);
      return { status: await supervisor.stop(id) };
    case "logout":
      parseBody(emptyBody, body);
      return { status: await supervisor.logout(id) };
    case "pairing-code": {
      const { number } = parseBody(pairingCodeCommand, body);
      requireKnown(provider, id);
      return { code: await provider.requestPairingCode(id, number) };
    }
    case "contacts":
      requireConnected(provider, id);
      return { contacts: await provider.addressBook(id) };
  }
  throw new HttpError(404, "ERR_NOT_FOUND", "Not found.");
}

/** Provider refusals keep their code; anything unexpected becomes `fallback` (and is logged). */
async function dispatch<T>(logger: Logger | undefined, fallback: string, status: number, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof ProviderError) throw new HttpError(err.status, err.code, err.message);
    (logger ?? consoleLogger).error(`bridge: a command failed (${fallback})`, err);
    throw new HttpError(status, fallback, err instanceof Error ? err.message : "The command failed.");
  }
}

function requireKnown(provider: Provider, id: number) {
  const connection = provider.connections().find((c) => c.id === id);
  if (!connection) throw new HttpError(404, "ERR_NO_WAPP_FOUND", `Connection ${id} is not running on this host.`);
  return connection;
}

function requireConnected(provider: Provider, id: number) {
  const connection = requireKnown(provider, id);
  if (connection.status !== "CONNECTED") {
    throw new HttpError(409, "ERR_WAPP_NOT_INITIALIZED", `Connection ${id} is ${connection.status}, not CONNECTED.`);
  }
}

function connectionIdOf(raw: string): number {
  const id = parsePlatformId(raw);
  if (id === null) throw new HttpError(404, "ERR_NO_WAPP_FOUND", "No such connection.");
  return id;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const SIGNATURE_PROBLEMS: Record<string, string> = {
  missing: "no signature",
  stale: "timestamp outside the replay window",
  "bad-signature": "invalid signature",
};

function signatureError(reason: string) {
  return new HttpError(401, "ERR_BRIDGE_SIGNATURE", `Bridge call refused: ${SIGNATURE_PROBLEMS[reason] ?? reason}.`);
}
