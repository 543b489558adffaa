import { z } from "zod";
import { errorCatalogue, type ErrorCode } from "../../contracts/errors";
import { API_IDEMPOTENCY_KEY_MAX, API_SCOPES, API_TOKEN_RATE_LIMIT } from "../../contracts/publicApi/scopes";
import { APP_VERSION } from "../routes/version";
import { PUBLIC_TAGS, type PublicRouteSpec } from "./publicRoute";
import {
  WEBHOOK_EVENTS_TAG,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiResponse,
} from "../../contracts/publicApi/openApiDocument";
import { SIGNATURE_RECIPE, webhookPaths } from "./openapiWebhooks";
import { jsonSchemaOf, type SchemaCollector } from "./jsonSchema";

/**
 * The public API's OpenAPI 3.1 document (issue 25 §4), built from the endpoints' declarations (publicRoute.ts) and
 * the zod contracts they parse and answer with, never written by hand: a route is documented exactly as it is mounted.
 * Schemas are zod's own JSON Schema (draft 2020-12, OpenAPI 3.1's dialect); the public resources (`.meta({ id })`)
 * become components/schemas, referenced by `$ref`.
 */

/** The name of the bearer scheme (company API tokens) in components/securitySchemes. */
export const SECURITY_SCHEME = "apiToken";

/** Error codes every operation may answer, whatever it does: the token, its scope, the rate limit, bad input. */
export const COMMON_ERRORS: ErrorCode[] = ["ERR_API_TOKEN_INVALID", "ERR_API_SCOPE", "ERR_RATE_LIMITED", "ERR_VALIDATION"];
/** Codes a request with a JSON body may meet before its fields are read. */
const BODY_ERRORS: ErrorCode[] = ["ERR_INVALID_JSON", "ERR_UNSUPPORTED_CONTENT_TYPE", "ERR_PAYLOAD_TOO_LARGE"];
/** A POST's Idempotency-Key answers (issue 25 §2). */
const IDEMPOTENCY_ERRORS: ErrorCode[] = ["ERR_IDEMPOTENCY_KEY_REUSED", "ERR_IDEMPOTENCY_KEY_IN_PROGRESS"];

/** The extra fields some errors carry, for their examples. */
const ERROR_DETAILS: Partial<Record<ErrorCode, (route: PublicRouteSpec) => Record<string, unknown>>> = {
  ERR_API_SCOPE: (route) => ({ scope: route.scope }),
  ERR_RATE_LIMITED: () => ({ retryAfter: 17 }),
  ERR_VALIDATION: () => ({ fields: { name: "Too small: expected string to have >=1 characters" } }),
};

/** The one error shape every failure answers (DESIGN.md, Errors). */
const errorShape = z.looseObject({
  error: z.string().meta({ description: "A code of the error catalogue (ERR_…); stable, meant for programs." }),
  message: z.string().meta({ description: "What went wrong, in English, for people." }),
});

export interface OpenApiOptions {
  /** Where the API is served, e.g. https://app.example.com/api/v1. */
  serverUrl: string;
}

/** Builds the document for `routes` (the list of every public endpoint, routes.ts; tests pass their own). */
export function buildOpenApiDocument(routes: readonly PublicRouteSpec[], { serverUrl }: OpenApiOptions): OpenApiDocument {
  const components: SchemaCollector = new Map();
  components.set("Error", jsonSchemaOf(errorShape, "output", components));
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method] = operationOf(route, components);
  }
  const webhooks = webhookPaths(components);
  return {
    openapi: "3.1.0",
    info: { title: "ZapDesk API", version: APP_VERSION, description: apiDescription() },
    servers: [{ url: serverUrl }],
    tags: [...PUBLIC_TAGS.map((name) => ({ name })), { name: WEBHOOK_EVENTS_TAG, description: SIGNATURE_RECIPE }],
    paths,
    webhooks,
    components: {
      schemas: Object.fromEntries([...components].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "zdk_<company id>_<secret>",
          description: `A company API token, made by an admin on the API tokens page and shown once. Scopes: ${API_SCOPES.join(", ")}.`,
        },
      },
    },
  };
}

/** Hono's `/tickets/:id` as OpenAPI's `/tickets/{id}`. */
export function openApiPath(honoPath: string) {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

function operationOf(route: PublicRouteSpec, components: SchemaCollector): OpenApiOperation {
  const parameters: OpenApiParameter[] = [
    ...parametersOf(route.params, "path", components),
    ...parametersOf(route.query, "query", components),
  ];
  if (route.method === "post") {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Any string you choose (a UUID, say). Sent again with the same request within 24 hours, the first answer is replayed (header Idempotent-Replayed: true) and nothing is done twice; with a different request it is refused (409).",
      schema: { type: "string", minLength: 1, maxLength: API_IDEMPOTENCY_KEY_MAX },
    });
  }
  const errors = errorsOf(route);
  const operation: OpenApiOperation = {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, `Scope: \`${route.scope}\`.`].filter(Boolean).join("\n\n"),
    tags: [route.tag],
    security: [{ [SECURITY_SCHEME]: [route.scope] }],
    parameters,
    responses: { ...successOf(route, components), ...errorResponses(route, errors) },
    "x-scope": route.scope,
  };
  if (route.body) {
    const schema = jsonSchemaOf(route.body, "input", components);
    const { example, ...rest } = schema as JsonSchema & { example?: unknown };
    operation.requestBody = { required: true, content: { "application/json": example === undefined ? { schema: rest } : { schema: rest, example } } };
  }
  return operation;
}

function parametersOf(schema: z.ZodObject | undefined, location: "path" | "query", components: SchemaCollector): OpenApiParameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, example, ...rest } = property as JsonSchema & { description?: string; example?: unknown };
    const parameter: OpenApiParameter = { name, in: location, required: location === "path" || required.has(name), schema: rest };
    if (description) parameter.description = description;
    if (example !== undefined) parameter.example = example;
    return parameter;
  });
}

function successOf(route: PublicRouteSpec, components: SchemaCollector): Record<string, OpenApiResponse> {
  const { response } = route;
  if (response.status === 204) return { "204": { description: "Done; no content." } };
  return {
    [String(response.status)]: {
      description: response.status === 201 ? "Created." : "OK.",
      content: { "application/json": { schema: jsonSchemaOf(response.schema, "output", components), example: response.example } },
    },
  };
}

/** The codes an operation may answer: its own, the common ones, and those its shape implies (a body, a path id, POST). */
export function errorsOf(route: PublicRouteSpec): ErrorCode[] {
  const implied: ErrorCode[] = [
    ...COMMON_ERRORS,
    ...(route.body ? BODY_ERRORS : []),
    ...(route.params ? (["ERR_NOT_FOUND"] as const) : []),
    ...(route.method === "post" ? IDEMPOTENCY_ERRORS : []),
  ];
  return [...new Set([...implied, ...route.errors])];
}

/** One response per status, each with the error shape and an example per code (the catalogue's status and message). */
function errorResponses(route: PublicRouteSpec, codes: ErrorCode[]): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code][0];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(
      group.map((code) => [code, { summary: errorCatalogue[code][1], value: { error: code, message: errorCatalogue[code][1], ...ERROR_DETAILS[code]?.(route) } }]),
    );
    responses[String(status)] = {
      description: group.map((code) => `\`${code}\`: ${errorCatalogue[code][1]}`).join("\n\n"),
      ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds until the token may call again.", schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
    };
  }
  return responses;
}

function apiDescription() {
  return `The REST API of a ZapDesk company: tickets and their messages, notes and tags, contacts, the company's queues, users and connections, and the webhooks it posts events to.

## Authentication
Every call carries a company API token: \`Authorization: Bearer zdk_<company id>_<secret>\`. An admin makes tokens on the API tokens page, choosing their scopes (${API_SCOPES.map((scope) => `\`${scope}\``).join(", ")}) and an optional expiry; the token is shown once. A call acts as the admin who made the token, within the token's scopes, and sees only the token's company. A missing, unknown, expired or revoked token answers 401 \`ERR_API_TOKEN_INVALID\`; a token without the scope an operation names answers 403 \`ERR_API_SCOPE\`, naming the scope.

## Paging
Lists answer \`{ "items": [...], "cursor": "…" }\`. Pass \`cursor\` back as \`?cursor=\` for the next page; it is \`null\` on the last page.

## Idempotency
Every POST takes an \`Idempotency-Key\` header (any string up to ${API_IDEMPOTENCY_KEY_MAX} characters, a UUID say). Repeated with the same request within 24 hours, the first answer is replayed with \`Idempotent-Replayed: true\` and nothing is done twice; the same key with a different request answers 409 \`ERR_IDEMPOTENCY_KEY_REUSED\`.

## Rate limits
A token may make ${API_TOKEN_RATE_LIMIT.max} calls per ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds, failures included; beyond that the answer is 429 \`ERR_RATE_LIMITED\` with \`retryAfter\` (seconds).

## Errors
Every failure answers \`{ "error": "ERR_…", "message": "…" }\` with a fitting status; validation failures add \`fields\`, naming each field that failed. A request that fails changes nothing.`;
}
