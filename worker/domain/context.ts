import type { ControlDb, Db } from "../db/client";
import type { Env } from "../env";
import type { Actor, PermissionKey } from "./permissions";
import { can } from "./permissions";
import { AppError } from "./errors";
import type { ActingHubPort, HubDirectory, HubPort } from "./hubPort";
import type { AutomationChain } from "../contracts/automation/ruleRun";

/** The user acting in a request, loaded fresh from the database on every request. */
export interface CurrentUser extends Actor {
  id: number;
  companyId: number;
  name: string;
  email: string;
  allTicket: "enabled" | "disabled";
  queueIds: number[];
  sessionId: string;
  /** The company's saved settings (key → value), read with the session so rules need no extra query. */
  companySettings: Record<string, string>;
}

/**
 * What every domain verb receives. The company always comes from the verified token (via `user`),
 * never from the request, and every query filters by `companyId`.
 */
export interface Ctx {
  /** The company's own database (its CompanyHub's SQLite): every tenant table. */
  db: Db;
  /** The control database (D1): companies, plans, and the indexes that route to a company (login e-mails, connections). */
  control: ControlDb;
  env: Env;
  companyId: number;
  user: CurrentUser;
  /** The company's own hub, the one this verb runs in: fan-out, sockets, ticket commands as `user`. */
  hub: ActingHubPort;
  /** Any company's hub by id (platform verbs acting on another company). */
  hubs: HubDirectory;
  /** Lets verbs hand off work that must finish after the response (hub fan-out, queue sends). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Where the request came from (the audit log's address and device); absent for work nobody requested. */
  client?: ClientInfo;
}

/** The caller's address (as rate limits count it, lib/clientIp) and browser. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Work the system does for a company with nobody acting (inbound WhatsApp traffic, the chatbot, cron). Verbs
 * that accept it write no acting user (history rows and messages carry null); user rules do not apply.
 */
export interface SystemCtx extends Omit<Ctx, "user" | "hub"> {
  user: null;
  /** Nobody acts: no ticket commands (the system's own ticket work already runs in the hub's queue). */
  hub: HubPort;
  /** The company's saved settings, read once for a batch of work. */
  companySettings?: Record<string, string>;
  /** Set while automation rules act: the chain of events they belong to (the loop guard, rules/chain.ts). */
  automationChain?: AutomationChain;
}

/** Verbs shared by agents and the system take either; they read `ctx.user` only where an agent acts. */
export type AnyCtx = Ctx | SystemCtx;

export function systemCtx(base: Omit<SystemCtx, "user">): SystemCtx {
  return { ...base, user: null };
}

/**
 * The system's context for work an agent's command sets off but does not do itself (automation rules, assignment):
 * the same database and hub, nobody acting, and no ticket commands (they would wait behind the work itself).
 */
export function asSystem(ctx: AnyCtx): SystemCtx {
  if (ctx.user === null) return ctx;
  const { command: _command, ...port } = ctx.hub;
  return { ...ctx, user: null, hub: port, companySettings: ctx.user.companySettings };
}

export function requirePermission(ctx: Pick<Ctx, "user">, key: PermissionKey): void {
  if (!can(ctx.user, key)) throw new AppError("ERR_NO_PERMISSION");
}

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A read done once per context and shared by later callers: a system context lives as long as one batch of work
 * (a bridge batch, a cron run), so what it reads here stays as fresh as that batch.
 */
export function oncePerContext<T>(ctx: AnyCtx, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = memos.get(ctx);
  if (!byKey) memos.set(ctx, (byKey = new Map()));
  let loaded = byKey.get(key) as Promise<T> | undefined;
  if (!loaded) byKey.set(key, (loaded = load()));
  return loaded;
}
