import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { z } from "zod";
import { ProviderError } from "../providers/provider";

/** Errors answer the product's one shape: { error: "ERR_…", message, fields? }. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store", ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, err: HttpError): void {
  sendJson(res, err.status, { error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
}

/** Reads the body as text up to `limit` bytes (a signed call is verified over these exact bytes). */
export async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new HttpError(413, "ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, "ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON body up to `limit` bytes; refuses anything else before parsing. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  return parseJson(await readText(req, limit));
}

/** An empty body is `{}`. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "ERR_INVALID_JSON", "The request body is not valid JSON.");
  }
}

export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  throw new HttpError(400, "ERR_VALIDATION", `Invalid fields: ${Object.keys(fields).join(", ")}`, fields);
}

/**
 * An HTTP server over a router that throws: HttpErrors and provider errors answer their own status and code, anything
 * else is logged and answers a bare 500 (never the error's text).
 */
export function serveRoutes(route: (req: IncomingMessage, res: ServerResponse) => Promise<void>, onUnhandled: (req: IncomingMessage, err: unknown) => void): Server {
  return createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof HttpError) return sendError(res, err);
      if (err instanceof ProviderError) return sendError(res, new HttpError(err.status, err.code, err.message));
      onUnhandled(req, err);
      sendError(res, new HttpError(500, "ERR_INTERNAL", "An internal error occurred."));
    });
  });
}
