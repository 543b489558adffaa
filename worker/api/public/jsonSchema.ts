import { z } from "zod";
import type { JsonSchema } from "../../contracts/publicApi/openApiDocument";

/** The document's components/schemas, by id, filled as the operations' schemas name them. */
export type SchemaCollector = Map<string, JsonSchema>;

const COMPONENTS = "#/components/schemas/";

/** JSON Schema's own formats; zod's others ("starts_with", "regex"…) say no more than their pattern. */
const STANDARD_FORMATS = new Set(["date-time", "date", "time", "duration", "email", "uri", "url", "uuid", "ipv4", "ipv6", "hostname"]);

/**
 * A zod schema as JSON Schema draft 2020-12 (zod's own `z.toJSONSchema`), for OpenAPI 3.1: every schema with a
 * `.meta({ id })` (the public resources) goes to components/schemas once and is referenced from here. `io` is
 * "input" for what a client sends (defaults make a field optional) and "output" for what it receives. A standard
 * format's regular expression is left out (the format names it, and zod's long pattern would only hide the shape from
 * a reader); a format of zod's own is left out for its pattern.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output", components: SchemaCollector): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format !== "string") return;
      if (STANDARD_FORMATS.has(jsonSchema.format)) delete jsonSchema.pattern;
      else if (jsonSchema.pattern) delete jsonSchema.format;
    },
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = json;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    if (!components.has(id)) components.set(id, pointRefsAtComponents(def) as JsonSchema);
  }
  return pointRefsAtComponents(root) as JsonSchema;
}

function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/") ? COMPONENTS + inner.slice("#/$defs/".length) : pointRefsAtComponents(inner),
    ]),
  );
}
