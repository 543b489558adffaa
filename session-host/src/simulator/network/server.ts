import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { z } from "zod";
import {
  checkNumberCommand,
  checkNumbersCommand,
  deleteCommand,
  editCommand,
  pairingCodeCommand,
  reactCommand,
  sendCommand,
  BRIDGE_MAX_BODY_BYTES,
} from "../../../../worker/contracts/bridge";
import { parsePlatformId } from "../../../../worker/contracts/ids";
import { HttpError, parseBody, readJson, sendJson, serveRoutes } from "../../http/respond";
import { consoleLogger, type Logger } from "../../log";
import { handleSimulator } from "../routes";
import type { SimulatorNetwork } from "./network";

/**
 * The network's HTTP surface: the simulator's control routes (/simulator…, the phone side, as a host with the
 * in-process simulator serves them) and the API hosts use (/network/…). Unsigned and meant for loopback (or a private
 * network of test containers): like the simulator's page, it is a local tool that no real phone ever talks to.
 *
 *   POST /network/hosts/:host/hello                         the host (re)started: it runs nothing, its stream is new
 *   GET  /network/hosts/:host/events?after=<pos>&waitMs=    long poll: { items: [{ pos, seq, event }], pos }
 *   POST /network/ack                                       { acks: [{ connectionId, seq }] }: the worker has them
 *   POST /network/hosts/:host/connections/:id/attach        run it here (replaces another host); answers its state
 *   POST /network/hosts/:host/connections/:id/detach        socket closed, credentials and pairing kept
 *   POST /network/hosts/:host/connections/:id/logout        forget the pairing
 *   POST /network/hosts/:host/connections/:id/pairing-code  { number } → { code }
 *   GET  /network/hosts/:host/connections/:id/contacts      the phone's address book
 *   GET  /network/hosts/:host/connections/:id/probe         { ok }: does it hear (held here, CONNECTED, not silent)
 *   POST /network/hosts/:host/<send|edit|delete|react|check-number|check-numbers>   the bridge's command bodies
 *   GET  /network/stats                                     holders, unacknowledged events, QRs after pairing
 * Commands for a connection the calling host does not hold answer 409 ERR_WAPP_NOT_INITIALIZED.
 */

const SMALL = 1024 * 1024;
const HOST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const CONNECTION_ROUTE = /^\/network\/hosts\/([^/]+)\/connections\/([^/]+)\/(attach|detach|logout|pairing-code|contacts|probe)$/;
const COMMAND_ROUTE = /^\/network\/hosts\/([^/]+)\/(send|edit|delete|react|check-number|check-numbers)$/;
const HELLO_ROUTE = /^\/network\/hosts\/([^/]+)\/hello$/;
const EVENTS_ROUTE = /^\/network\/hosts\/([^/]+)\/events$/;
const ackBody = z.object({ acks: z.array(z.object({ connectionId: z.number().int().positive(), seq: z.number().int().positive() })).max(10_000) });
const MAX_WAIT_MS = 30_000;

export function createNetworkServer(network: SimulatorNetwork, logger: Logger = consoleLogger): Server {
  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator-network");
    const method = req.method ?? "GET";
    if (url.pathname === "/health" && method === "GET") return sendJson(res, 200, { ok: true, ...network.stats() });
    if (url.pathname === "/network/stats" && method === "GET") return sendJson(res, 200, network.stats());
    if (url.pathname.startsWith("/simulator") && (await handleSimulator(network.engine, req, res, url))) return;

    if (url.pathname === "/network/ack") {
      expect(method, "POST");
      const { acks } = parseBody(ackBody, await readJson(req, SMALL));
      for (const { connectionId, seq } of acks) network.ack(connectionId, seq);
      return sendJson(res, 200, { ok: true });
    }
    let match = HELLO_ROUTE.exec(url.pathname);
    if (match) {
      expect(method, "POST");
      return sendJson(res, 200, network.hello(hostOf(match[1]!)));
    }
    match = EVENTS_ROUTE.exec(url.pathname);
    if (match) {
      expect(method, "GET");
      const host = hostOf(match[1]!);
      const after = Number(url.searchParams.get("after") ?? 0);
      const waitMs = Math.min(Number(url.searchParams.get("waitMs") ?? 0), MAX_WAIT_MS);
      if (!Number.isSafeInteger(after) || after < 0 || !Number.isFinite(waitMs) || waitMs < 0) {
        throw new HttpError(400, "ERR_VALIDATION", "after and waitMs must be whole numbers ≥ 0.");
      }
      const gone = new AbortController();
      res.once("close", () => gone.abort());
      const answer = await network.events(host, after, waitMs, gone.signal);
      if (!gone.signal.aborted) sendJson(res, 200, answer);
      return;
    }
    match = CONNECTION_ROUTE.exec(url.pathname);
    if (match) {
      const host = hostOf(match[1]!);
      const id = connectionIdOf(match[2]!);
      switch (match[3]) {
        case "attach":
          expect(method, "POST");
          return sendJson(res, 200, await network.attach(host, id));
        case "detach":
          expect(method, "POST");
          network.detach(host, id);
          return sendJson(res, 200, { ok: true });
        case "logout":
          expect(method, "POST");
          return sendJson(res, 200, await network.logout(host, id));
        case "pairing-code": {
          expect(method, "POST");
          const { number } = parseBody(pairingCodeCommand, await readJson(req, SMALL));
          network.requireHolder(host, id);
          return sendJson(res, 200, { code: await network.engine.requestPairingCode(id, number) });
        }
        case "contacts":
          expect(method, "GET");
          network.requireHolder(host, id);
          return sendJson(res, 200, { contacts: await network.engine.addressBook(id) });
        case "probe":
          expect(method, "GET");
          return sendJson(res, 200, { ok: await network.probe(host, id) });
      }
    }
    match = COMMAND_ROUTE.exec(url.pathname);
    if (match) {
      expect(method, "POST");
      const host = hostOf(match[1]!);
      const engine = network.engine;
      switch (match[2]) {
        case "send": {
          const input = parseBody(sendCommand, await readJson(req, BRIDGE_MAX_BODY_BYTES));
          network.requireHolder(host, input.connectionId);
          return sendJson(res, 200, await engine.send(input));
        }
        case "edit": {
          const input = parseBody(editCommand, await readJson(req, SMALL));
          network.requireHolder(host, input.connectionId);
          await engine.edit(input);
          return sendJson(res, 200, { ok: true });
        }
        case "delete": {
          const input = parseBody(deleteCommand, await readJson(req, SMALL));
          network.requireHolder(host, input.connectionId);
          await engine.delete(input);
          return sendJson(res, 200, { ok: true });
        }
        case "react": {
          const input = parseBody(reactCommand, await readJson(req, SMALL));
          network.requireHolder(host, input.connectionId);
          await engine.react(input);
          return sendJson(res, 200, { ok: true });
        }
        case "check-number": {
          const input = parseBody(checkNumberCommand, await readJson(req, SMALL));
          network.requireHolder(host, input.connectionId);
          return sendJson(res, 200, await engine.checkNumber(input.connectionId, input.number));
        }
        case "check-numbers": {
          const input = parseBody(checkNumbersCommand, await readJson(req, SMALL));
          network.requireHolder(host, input.connectionId);
          return sendJson(res, 200, { results: await engine.checkNumbers(input.connectionId, input.numbers) });
        }
      }
    }
    throw new HttpError(404, "ERR_NOT_FOUND", "Not found.");
  }

  return serveRoutes(route, (req, err) => logger.error("simulator network: unhandled error", req.method, req.url, err));
}

function expect(method: string, wanted: string) {
  if (method !== wanted) throw new HttpError(405, "ERR_METHOD_NOT_ALLOWED", `Use ${wanted}.`);
}

function hostOf(raw: string): string {
  const host = decodeURIComponent(raw);
  if (!HOST_ID.test(host)) throw new HttpError(400, "ERR_VALIDATION", "A host id is letters, digits and . _ : -, at most 100.");
  return host;
}

function connectionIdOf(raw: string): number {
  const id = parsePlatformId(raw);
  if (id === null) throw new HttpError(404, "ERR_NO_WAPP_FOUND", "No such connection.");
  return id;
}
