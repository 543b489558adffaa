import { and, eq } from "drizzle-orm";
import type { AuditDetail } from "../../contracts/audit";
import { auditLog } from "../../db/tenant";
import type { AnyCtx } from "../context";

/** What an entry shows instead of a secret's value (a key, a token, a password), changed or set. */
export const HIDDEN = "(hidden)";
/** What it shows instead of a text too long to repeat (a greeting, a prompt, a message): only that it changed. */
export const CHANGED = "(changed)";

/** The longest value an entry repeats as it is; a longer one is a text, shown as CHANGED. */
const SHORT = 80;

/**
 * How a field's value reads in an entry: small values as they are (ids, names, flags, enums), lists of ids joined,
 * anything long or multi-line as CHANGED. Never used for secrets: those are listed in `hidden`.
 */
export function shortValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => typeof v === "number" || typeof v === "string")) {
    const joined = [...value].sort().join(",");
    return joined.length <= SHORT ? joined : CHANGED;
  }
  if (typeof value === "string") return value.length <= SHORT && !/[\r\n]/.test(value) ? value : CHANGED;
  return CHANGED;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** An address as an entry shows it: its host only (a path or query may carry a key). */
export function urlHost(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    return new URL(value).host;
  } catch {
    return CHANGED;
  }
}

/**
 * The fields an edit changes, each as `"from → to"` (the audit page's detail): only the keys of `after` whose value
 * differs from `before`. `hidden` fields (secrets) read HIDDEN, `text` fields (message texts, prompts) CHANGED, and
 * so does any long value; `url` fields show their hosts. Empty when nothing changed.
 */
export function changesDetail(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  { hidden = [], text = [], url = [] }: { hidden?: readonly string[]; text?: readonly string[]; url?: readonly string[] } = {},
): AuditDetail {
  const detail: AuditDetail = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined) continue;
    if (hidden.includes(key)) {
      detail[key] = HIDDEN;
      continue;
    }
    const from = before[key];
    if (same(from, to)) continue;
    if (text.includes(key)) {
      detail[key] = CHANGED;
      continue;
    }
    const f = url.includes(key) ? urlHost(from) : shortValue(from);
    const t = url.includes(key) ? urlHost(to) : shortValue(to);
    detail[key] = f === CHANGED || t === CHANGED ? CHANGED : `${f ?? "—"} → ${t ?? "—"}`;
  }
  return detail;
}

/**
 * Takes back the entry of an action that a later step of the same request undid (a user whose login address could
 * not be pointed at it, a cloud number Meta refused after the row was made): the undo and this run in one
 * transaction, so the log keeps what happened and nothing that did not. Only the named entry, only its own.
 */
export function withdrawAudit(ctx: AnyCtx, entryId: number): void {
  ctx.db.delete(auditLog).where(and(eq(auditLog.companyId, ctx.companyId), eq(auditLog.id, entryId))).run();
}
