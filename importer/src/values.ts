// Turning PostgreSQL values into what the tenant SQLite stores (docs/company-archive.md: "rows are raw tenant rows").

/** Epoch milliseconds of a pg timestamp (a Date from node-postgres, or text), or null. */
export function ms(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const time = value instanceof Date ? value.getTime() : new Date(value as string | number).getTime();
  return Number.isFinite(time) ? time : null;
}

/** Like ms(), but a fallback (usually the row's createdAt) when the source has none. */
export function msOr(value: unknown, fallback: number): number {
  return ms(value) ?? fallback;
}

/** 0/1 for a boolean column; null and undefined take `fallback`. */
export function bit(value: unknown, fallback: 0 | 1 = 0): 0 | 1 {
  if (value === null || value === undefined) return fallback;
  if (typeof value === "string") return value === "true" || value === "t" || value === "1" ? 1 : 0;
  return value ? 1 : 0;
}

/** Text for a NOT NULL text column (null becomes ""). */
export function str(value: unknown, fallback = ""): string {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Text or null for a nullable text column. */
export function strOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return str(value);
}

/** A positive integer id, or null (0, "", garbage). */
export function idOrNull(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An integer column (NOT NULL), `fallback` when absent or not a number. */
export function int(value: unknown, fallback = 0): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** JSON text of a jsonb/json column (pg gives objects for jsonb, text for json stored as text). */
export function jsonText(value: unknown, fallback: string): string {
  if (value === null || value === undefined || value === "") return fallback;
  if (typeof value === "string") {
    try {
      JSON.parse(value);
      return value;
    } catch {
      return fallback;
    }
  }
  return JSON.stringify(value);
}

/** Parses JSON text, or null. */
export function parseJson(value: unknown): any {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
