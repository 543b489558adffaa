import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { z } from "zod";
import type { Ctx, CurrentUser } from "../domain/context";
import { HTTPException } from "hono/http-exception";
import { parsePlatformId } from "../contracts/ids";
import { AppError, errorBody } from "../domain/errors";
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

/**
 * Reads a JSON body. Declared as anything but application/json answers 415 before anything is read: a page of
 * another site can send text/plain, form-urlencoded or multipart without a CORS preflight, but not JSON, so a
 * forged form never reaches a route (and multipart, which skips the global JSON size limit in app.ts, is never
 * read here). An empty body with no type is no fields; not JSON, or not an object, answers 400 — but only once the
 * body is used (invalidBody): the verb's plan gate and permission checks, which come before it reads its input,
 * answer first, so a forbidden request is 403 whatever its body (DESIGN.md, order of checks).
 */
export async function jsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  const contentType = c.req.header("content-type") || undefined;
  if (contentType !== undefined && !isJson(contentType)) throw unsupportedContentType(["application/json"]);
  const text = await c.req.text().catch(() => null);
  if (text === null) return invalidBody(new AppError("ERR_INVALID_JSON"));
  if (text.length === 0) return validOrDeferred(schema, {});
  if (contentType === undefined) throw unsupportedContentType(["application/json"]);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return invalidBody(new AppError("ERR_INVALID_JSON"));
  }
  return validOrDeferred(schema, data);
}

function validOrDeferred<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  return result.success ? result.data : invalidBody(validationError(result.error));
}

/**
 * The input of a body that failed validation: any use of it (reading, listing or testing a field, spreading it)
 * throws that body's error (400). Handed to the verb in place of the input, it lets the verb's gates run first and
 * the validation error answer where the input is first read; a verb writes nothing before reading its input.
 * `then` reads as absent so that it can be awaited like any value.
 */
function invalidBody(error: AppError, known: Record<string, unknown> = {}): never {
  const refuse = () => {
    throw error;
  };
  const body = new Proxy(Object.create(null) as object, {
    get: (_target, key) => (key === "then" ? undefined : typeof key === "string" && Object.hasOwn(known, key) ? known[key] : refuse()),
    has: refuse,
    ownKeys: refuse,
    getOwnPropertyDescriptor: refuse,
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
  invalidBodies.set(body, error);
  return body as never;
}
const invalidBodies = new WeakMap<object, AppError>();

/**
 * A body with values from the path beside it (`{ ...body, ...params }`), for verbs that take both in one input;
 * a body that failed validation stays one (only `params` can be read from it), so the verb's gates still run first.
 */
export function withParams<B extends object, P extends Record<string, unknown>>(body: B, params: P): B & P {
  const error = invalidBodies.get(body);
  return error ? invalidBody(error, params) : { ...body, ...params };
}

const isJson = (contentType: string) => /^application\/json\s*(;|$)/i.test(contentType);

const unsupportedContentType = (accepted: string[]) =>
  new AppError("ERR_UNSUPPORTED_CONTENT_TYPE", `The request body must be sent as ${accepted.join(" or ")}.`, { accepted });

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
  if (!isMultipart(contentType)) throw unsupportedContentType(["multipart/form-data"]);
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
  const id = parsePlatformId(c.req.param(name));
  if (id === null) throw new AppError("ERR_NOT_FOUND");
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
/** The one error shape for every API answer: a domain error with its status, anything unexpected a logged 500. */
export function errorAnswer(err: Error, c: Context) {
  if (err instanceof AppError) return c.json(errorBody(err), err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: status === 413 ? "ERR_PAYLOAD_TOO_LARGE" : "ERR_VALIDATION", message: err.message }, status);
  }
  console.error("unhandled error", c.req.method, c.req.path, err);
  return c.json({ error: "ERR_INTERNAL", message: "An internal error occurred." }, 500);
}

export function notFoundAnswer(c: Context) {
  return c.json({ error: "ERR_NOT_FOUND", message: "Not found." }, 404);
}
