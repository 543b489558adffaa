import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { z } from "zod";
import type { Ctx, CurrentUser } from "../domain/context";
import { AppError } from "../domain/errors";
import type { Env } from "../env";
import type { Db } from "../db/client";
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  isSecureRequest,
  serializeClearedSessionCookies,
  serializeSessionCookies,
} from "../lib/cookies";

export interface AppEnv {
  Bindings: Env;
  Variables: { db: Db; user: CurrentUser; ctx: Ctx };
}
export type AppContext = Context<AppEnv>;

export { ACCESS_COOKIE, REFRESH_COOKIE };

/** Turns zod issues into the one error shape, naming every field that failed. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const names = Object.keys(fields).join(", ");
  return new AppError("ERR_VALIDATION", `Invalid fields: ${names}`, { fields });
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Reads a JSON body: not JSON, or not an object, answers 400 before anything runs. */
export async function jsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  let data: unknown;
  try {
    const text = await c.req.text();
    data = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new AppError("ERR_INVALID_JSON");
  }
  return parseWith(schema, data);
}

export function query<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/** Route ids are positive integers; anything else is "not found" rather than a validation error. */
export function idParam(c: AppContext, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("ERR_NOT_FOUND");
  return id;
}

// Cookie names and flags live in lib/cookies, shared with the Remix loaders that refresh sessions in-process.
export function setSessionCookies(c: AppContext, tokens: { token: string; refreshToken: string }) {
  for (const cookie of serializeSessionCookies(tokens, isSecureRequest(c.req.url))) {
    c.header("Set-Cookie", cookie, { append: true });
  }
}

export function clearSessionCookies(c: AppContext) {
  for (const cookie of serializeClearedSessionCookies(isSecureRequest(c.req.url))) {
    c.header("Set-Cookie", cookie, { append: true });
  }
}

export function refreshCookie(c: AppContext) {
  return getCookie(c, REFRESH_COOKIE);
}

export function clientIp(c: AppContext) {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
}
