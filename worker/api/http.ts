import type { Context } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { z } from "zod";
import type { Ctx, CurrentUser } from "../domain/context";
import { AppError } from "../domain/errors";
import type { Env } from "../env";
import type { Db } from "../db/client";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "../domain/auth/tokens";

export interface AppEnv {
  Bindings: Env;
  Variables: { db: Db; user: CurrentUser; ctx: Ctx };
}
export type AppContext = Context<AppEnv>;

export const ACCESS_COOKIE = "zd_at";
export const REFRESH_COOKIE = "zd_rt";

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

function isHttps(c: AppContext) {
  return new URL(c.req.url).protocol === "https:";
}

export function setSessionCookies(c: AppContext, tokens: { token: string; refreshToken: string }) {
  const secure = isHttps(c);
  setCookie(c, ACCESS_COOKIE, tokens.token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: "Strict",
    secure,
    path: "/",
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: AppContext) {
  deleteCookie(c, ACCESS_COOKIE, { path: "/" });
  deleteCookie(c, REFRESH_COOKIE, { path: "/" });
}

export function refreshCookie(c: AppContext) {
  return getCookie(c, REFRESH_COOKIE);
}

export function clientIp(c: AppContext) {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
}
