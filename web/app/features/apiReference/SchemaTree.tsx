import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { JsonSchema } from "../../../../worker/contracts/publicApi/openApiDocument";
import { refName, resolveSchema, typeLabel } from "./reference";

type Components = Record<string, JsonSchema>;

/**
 * A JSON schema as a readable tree: each property with its type, whether it is required, its description and allowed
 * values; objects inside (a resource such as Ticket, or an array of them) open beneath it.
 */
export function SchemaTree({ schema, components }: { schema: JsonSchema; components: Components }) {
  const { t } = useTranslation();
  const object = objectOf(schema, components);
  return (
    <div className="rounded-lg border border-line text-sm">
      <p className="border-b border-line px-3 py-1.5 font-mono text-xs text-muted">{typeLabel(schema, components)}</p>
      {object ? <Properties object={object} components={components} depth={0} /> : <p className="px-3 py-2 text-xs text-muted">{t("apiReference.anyValue")}</p>}
    </div>
  );
}

/** The object whose properties a schema shows: itself, the resource it names, or an array's item. */
function objectOf(schema: JsonSchema, components: Components): JsonSchema | null {
  const resolved = resolveSchema(schema, components);
  if (resolved.properties) return resolved;
  if (resolved.items) return objectOf(resolved.items as JsonSchema, components);
  const union = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  const object = union?.map((inner) => objectOf(inner, components)).find(Boolean);
  return object ?? null;
}

function Properties({ object, components, depth }: { object: JsonSchema; components: Components; depth: number }) {
  const properties = Object.entries((object.properties ?? {}) as Record<string, JsonSchema>);
  const required = new Set((object.required ?? []) as string[]);
  return (
    <ul className="divide-y divide-line">
      {properties.map(([name, property]) => (
        <Property key={name} name={name} property={property} required={required.has(name)} components={components} depth={depth} />
      ))}
    </ul>
  );
}

function Property({ name, property, required, components, depth }: { name: string; property: JsonSchema; required: boolean; components: Components; depth: number }) {
  const { t } = useTranslation();
  const resolved = resolveSchema(property, components);
  const nested = depth < 5 ? objectOf(property, components) : null;
  const description = (property.description ?? resolved.description) as string | undefined;
  const head = (
    <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <code className="font-mono text-xs font-semibold text-fg">{name}</code>
      <span className="font-mono text-xs break-all text-brand-text">{typeLabel(property, components)}</span>
      <span className={required ? "text-xs text-danger" : "text-xs text-subtle"}>{required ? t("apiReference.required") : t("apiReference.optional")}</span>
    </span>
  );
  const details = description ? <p className="mt-0.5 text-xs text-muted">{description}</p> : null;
  if (!nested) {
    return (
      <li className="px-3 py-2">
        {head}
        {details}
      </li>
    );
  }
  // A named resource starts closed (it is described once in full where it first matters); an inline object open.
  return (
    <li className="px-3 py-2">
      <details open={!refName(property) && !refName((resolved.items ?? {}) as JsonSchema)} className="group">
        <summary className="flex cursor-pointer list-none items-start gap-1 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="mt-0.5 size-3.5 shrink-0 text-subtle transition-transform group-open:rotate-90" aria-hidden />
          <span className="min-w-0">
            {head}
            {details}
          </span>
        </summary>
        <div className="mt-2 ml-4 rounded-md border border-line">
          <Properties object={nested} components={components} depth={depth + 1} />
        </div>
      </details>
    </li>
  );
}
