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

/**
 * Turns zod issues into the one error shape, naming every field that failed; `_` is the body itself (not an
 * object, or an update with nothing to change), whose own message then says what is wrong with it.
 */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const names = Object.keys(fields);
  return new AppError("ERR_VALIDATION", names.join() === "_" ? fields._! : `Invalid fields: ${names.join(", ")}`, { fields });
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Reads a JSON body: not JSON, or not an object, answers 400 before anything runs. */
export async function jsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  // Multipart bodies skip the global JSON size limit (see app.ts), so a JSON route never reads one.
  if (isMultipart(c.req.header("content-type"))) throw new AppError("ERR_INVALID_JSON", "Expected a JSON body, not multipart/form-data.");
  let data: unknown;
  try {
    const text = await c.req.text();
    data = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new AppError("ERR_INVALID_JSON");
  }
  return parseWith(schema, data);
}

export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

/** Room for the multipart envelope and small text fields next to a file of the allowed size. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const tooLarge = (limit: number) =>
  new AppError("ERR_PAYLOAD_TOO_LARGE", `The file is larger than ${limit} bytes.`, { limit });

/**
 * Reads a multipart/form-data body whose files may be up to `maxBytes` each (check them with `formFile`).
 * Such bodies are exempt from the global 1 MB JSON limit, so this route-level limit is what protects the
 * worker: a declared Content-Length over it is refused before anything is read, and a body without one
 * (chunked) is counted as it streams in and refused as soon as it passes the limit.
 */
export async function formBody(c: AppContext, { maxBytes }: { maxBytes: number }): Promise<FormData> {
  const contentType = c.req.header("content-type");
  if (!isMultipart(contentType)) {
    throw new AppError("ERR_VALIDATION", "Expected a multipart/form-data body.", { fields: { _: "Expected multipart/form-data" } });
  }
  const bodyLimit = maxBytes + MULTIPART_ENVELOPE_BYTES;
  const declared = Number(c.req.header("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge(maxBytes);
  const body = c.req.raw.body;
  if (!body) throw new AppError("ERR_VALIDATION", "The request has no body.", { fields: { _: "Required" } });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > bodyLimit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  try {
    return await new Response(new Blob(chunks), { headers: { "content-type": contentType! } }).formData();
  } catch {
    throw new AppError("ERR_VALIDATION", "The multipart body could not be read.", { fields: { _: "Malformed multipart/form-data" } });
  }
}

/** One uploaded file of a form: missing answers 400 naming the field, over `maxBytes` answers 413. */
export function formFile(form: FormData, name: string, { maxBytes }: { maxBytes: number }): File {
  const value = form.get(name);
  if (!(value instanceof File) || value.size === 0) {
    throw new AppError("ERR_VALIDATION", `Invalid fields: ${name}`, { fields: { [name]: "Required" } });
  }
  if (value.size > maxBytes) throw tooLarge(maxBytes);
  return value;
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
