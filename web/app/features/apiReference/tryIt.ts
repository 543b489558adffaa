import type { OpenApiOperation } from "../../../../worker/contracts/publicApi/openApiDocument";

/** What "try it" sends: the operation's address with its path and query filled in, and the request's init. */
export interface TryRequest {
  url: string;
  init: RequestInit;
}

export interface TryInputs {
  token: string;
  /** Path and query parameters as typed, by name. */
  values: Record<string, string>;
  body: string;
  idempotencyKey: string;
}

/** Builds the request; a path parameter left empty is an error named by the caller before this is called. */
export function tryRequest(serverUrl: string, method: string, path: string, operation: OpenApiOperation, inputs: TryInputs): TryRequest {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(inputs.values[name] ?? ""));
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = inputs.values[parameter.name];
    if (parameter.in === "query" && value) query.set(parameter.name, value);
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (inputs.token) headers.authorization = `Bearer ${inputs.token.trim()}`;
  if (method === "post" && inputs.idempotencyKey) headers["idempotency-key"] = inputs.idempotencyKey;
  const init: RequestInit = { method: method.toUpperCase(), headers, credentials: "omit" };
  if (operation.requestBody) {
    headers["content-type"] = "application/json";
    init.body = inputs.body;
  }
  const search = query.toString();
  return { url: `${serverUrl}${filled}${search ? `?${search}` : ""}`, init };
}

/** An answer as "try it" shows it: status, headers and the body, pretty-printed when it is JSON. */
export interface TryAnswer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

export async function answerOf(response: Response): Promise<TryAnswer> {
  const text = await response.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it came
  }
  return { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body };
}
