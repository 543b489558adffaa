import {
  OPENAPI_METHODS,
  WEBHOOK_EVENTS_TAG,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiMethod,
  type OpenApiOperation,
} from "../../../../worker/contracts/publicApi/openApiDocument";

/**
 * The reference page's reading of the OpenAPI document (worker/api/public/openapi.ts builds it): operations grouped by
 * tag in the document's order, the webhook events apart, and the schema helpers the trees and "try it" share.
 */
export interface ReferenceOperation {
  /** The anchor of the operation on the page (its operationId). */
  anchor: string;
  method: OpenApiMethod;
  path: string;
  operation: OpenApiOperation;
}

export interface ReferenceGroup {
  tag: string;
  description?: string;
  operations: ReferenceOperation[];
}

export function operationGroups(document: OpenApiDocument): ReferenceGroup[] {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ anchor: anchorOf(operation.operationId), method, path, operation }] : [];
    }),
  );
  return document.tags
    .filter((tag) => tag.name !== WEBHOOK_EVENTS_TAG)
    .map((tag) => ({ tag: tag.name, description: tag.description, operations: operations.filter((o) => o.operation.tags[0] === tag.name) }))
    .filter((group) => group.operations.length > 0);
}

export function webhookEvents(document: OpenApiDocument): ReferenceOperation[] {
  return Object.entries(document.webhooks).flatMap(([event, item]) =>
    item.post ? [{ anchor: anchorOf(item.post.operationId), method: "post" as const, path: event, operation: item.post }] : [],
  );
}

export function webhookRecipe(document: OpenApiDocument): string {
  return document.tags.find((tag) => tag.name === WEBHOOK_EVENTS_TAG)?.description ?? "";
}

export const anchorOf = (operationId: string) => `op-${operationId.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** The component a `$ref` names ("#/components/schemas/Ticket" → "Ticket"), or null. */
export function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : null;
}

export function resolveSchema(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const name = refName(schema);
  return name ? (components[name] ?? {}) : schema;
}

/** A one-line type: "string (date-time)", "integer | null", "array of Ticket", "Queue". */
export function typeLabel(schema: JsonSchema, components: Record<string, JsonSchema>): string {
  const name = refName(schema);
  if (name) return name;
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map((inner) => typeLabel(inner, components)).join(" | ");
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "array" && schema.items) return `array of ${typeLabel(schema.items as JsonSchema, components)}`;
      if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
      return type;
    })
    .join(" | ");
}

/**
 * A value that fits `schema`, to start a request body from when the operation gives no example: its own example or
 * default where it has one, otherwise a plain value of its type; objects with their required properties only.
 */
export function sampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): unknown {
  const resolved = resolveSchema(schema, components);
  if ("example" in resolved) return resolved.example;
  if ("default" in resolved) return resolved.default;
  if ("const" in resolved) return resolved.const;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  const union = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union[0]) return sampleOf(union[0], components, depth + 1);
  const type = Array.isArray(resolved.type) ? (resolved.type as string[]).find((t) => t !== "null") : resolved.type;
  if (depth > 6) return null;
  switch (type) {
    case "object": {
      const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((resolved.required ?? []) as string[]);
      return Object.fromEntries(Object.entries(properties).filter(([key]) => required.has(key)).map(([key, inner]) => [key, sampleOf(inner, components, depth + 1)]));
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return typeof resolved.minimum === "number" ? resolved.minimum : 1;
    case "boolean":
      return false;
    case "string":
      return "";
    default:
      return null;
  }
}
