import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Actor, PermissionKey } from "./permissions";
import { can } from "./permissions";
import { AppError } from "./errors";

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
  db: Db;
  env: Env;
  companyId: number;
  user: CurrentUser;
  /** Lets verbs hand off work that must finish after the response (hub fan-out, queue sends). */
  waitUntil: (promise: Promise<unknown>) => void;
}

export function requirePermission(ctx: Pick<Ctx, "user">, key: PermissionKey): void {
  if (!can(ctx.user, key)) throw new AppError("ERR_NO_PERMISSION");
}
