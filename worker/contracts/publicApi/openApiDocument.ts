/**
 * The shape of the public API's OpenAPI 3.1 document (issue 25 §4), as far as ZapDesk writes it: the worker builds it
 * (api/public/openapi.ts) and serves it at /api/openapi.json; the reference page (/api/docs) renders from it.
 */
export type JsonSchema = Record<string, unknown>;

export type OpenApiParameter = { name: string; in: "path" | "query" | "header"; required: boolean; description?: string; schema: JsonSchema; example?: unknown };

export type OpenApiMediaType = { schema: JsonSchema; example?: unknown; examples?: Record<string, { summary?: string; value: unknown }> };

export type OpenApiResponse = {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, OpenApiMediaType>;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  /** The one scope the operation needs (also in `security` and in the description). */
  "x-scope"?: string;
};

export const OPENAPI_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, OpenApiPathItem>;
  webhooks: Record<string, OpenApiPathItem>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

/** The tag of the webhook events (OpenAPI's top-level `webhooks`); its description is the signature recipe. */
export const WEBHOOK_EVENTS_TAG = "Webhook events";
