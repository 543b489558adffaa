import { DisconnectReason } from "@whiskeysockets/baileys";
import type { LinkRefusal } from "../../../../worker/contracts/bridge";

/**
 * What to do when a Baileys socket closes, by DisconnectReason. Pure, so that every code is unit-tested.
 *
 * - 401 loggedOut: the phone unlinked this device (or WhatsApp did). Credentials are dead: wipe them, show
 *   DISCONNECTED and wait. We do not open a fresh QR on our own: an unlink is a deliberate act, nobody is looking at
 *   the QR then, and it would expire into TIMEOUT anyway; the admin asks for a new QR from the connections page.
 * - 403 forbidden: WhatsApp refuses this account (banned or restricted). Retrying cannot help: stop.
 * - 463: the account is restricted for a while (WhatsApp's "reach-out timelock"): retrying now only prolongs it:
 *   stop (the connections page says so; the admin starts it again later).
 * - 440 connectionReplaced: another socket opened with the same credentials (another host, WhatsApp Web).
 *   Reconnecting would kick it out and start a ping-pong between the two: stop and let the lease owner decide.
 * - 500 badSession: the stored session is corrupt. Wipe it and start fresh, which asks for a new QR.
 * - 515 restartRequired: expected right after pairing: reconnect at once.
 * - 408 while a QR is on offer: nobody scanned (Baileys ran out of QR refs): TIMEOUT, stop. Before any QR was
 *   shown, 408 means WhatsApp was not reached, which is transient.
 * - 408/428/503 and anything else (network drops, unknown errors): exponential backoff with full jitter.
 */

export type ReconnectAction =
  /** Open a new socket after `delayMs`; `countsAsAttempt` feeds the backoff. */
  | { kind: "reconnect"; delayMs: number; countsAsAttempt: boolean }
  /** Wipe the credentials, report DISCONNECTED, and open a fresh socket at once (a new QR). */
  | { kind: "fresh" }
  /** Stop with this status; `wipe` forgets the credentials first. */
  | { kind: "stop"; status: "DISCONNECTED" | "TIMEOUT"; wipe: boolean };

export interface ReconnectInput {
  /** The Boom status code of lastDisconnect.error; undefined when the error had none. */
  statusCode: number | undefined;
  /** Consecutive failed attempts so far (0 for the first close after an open). */
  attempt: number;
  /** True while a QR or a pairing code is on offer and nobody has used it yet. */
  pairing: boolean;
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Math.random by default; injected by tests. */
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000, random: Math.random };

/** Full jitter (AWS architecture blog): uniform in [0, min(cap, base·2^attempt)], so hosts do not retry in step. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(options.random() * ceiling);
}

export function decideReconnect(input: ReconnectInput, backoff: BackoffOptions = DEFAULT_BACKOFF): ReconnectAction {
  switch (input.statusCode) {
    case DisconnectReason.loggedOut:
      return { kind: "stop", status: "DISCONNECTED", wipe: true };
    case DisconnectReason.forbidden:
      return { kind: "stop", status: "DISCONNECTED", wipe: false };
    case DisconnectReason.connectionReplaced:
      return { kind: "stop", status: "DISCONNECTED", wipe: false };
    case ACCOUNT_RESTRICTED:
      return { kind: "stop", status: "DISCONNECTED", wipe: false };
    case DisconnectReason.badSession:
      return { kind: "fresh" };
    case DisconnectReason.restartRequired:
      return { kind: "reconnect", delayMs: 0, countsAsAttempt: false };
    case DisconnectReason.timedOut:
      if (input.pairing) return { kind: "stop", status: "TIMEOUT", wipe: false };
      return { kind: "reconnect", delayMs: backoffDelay(input.attempt, backoff), countsAsAttempt: true };
    default:
      return { kind: "reconnect", delayMs: backoffDelay(input.attempt, backoff), countsAsAttempt: true };
  }
}

/** WhatsApp's code for an account restricted from reaching out (Baileys' SERVER_ERROR_CODES.MessageAccountRestriction). */
export const ACCOUNT_RESTRICTED = 463;

/**
 * Why WhatsApp refused or dropped the link, from the code it closed the socket with: what the status event's
 * `reason` says (the connections page shows it plainly). Undefined for codes that are not a refusal.
 */
export function refusalOf(statusCode: number | undefined): LinkRefusal | undefined {
  switch (statusCode) {
    case DisconnectReason.loggedOut:
      return "logged_out";
    case DisconnectReason.forbidden:
      return "banned";
    case DisconnectReason.connectionReplaced:
      return "replaced";
    case ACCOUNT_RESTRICTED:
      return "restricted";
    default:
      return undefined;
  }
}

/** The status code Baileys puts on lastDisconnect.error (a Boom), if any. */
export function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("output" in error)) return undefined;
  const output = (error as { output?: unknown }).output;
  if (typeof output !== "object" || output === null || !("statusCode" in output)) return undefined;
  const code = (output as { statusCode?: unknown }).statusCode;
  return typeof code === "number" ? code : undefined;
}
