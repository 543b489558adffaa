/**
 * A small JSON → SQL builder for seed files run with `wrangler d1 execute --file` (which takes no bound
 * parameters). Every value goes through `literal`, which quotes strings (doubling single quotes), refuses NUL
 * bytes and non-finite numbers, and writes booleans as 0/1, Dates as epoch milliseconds and objects as JSON
 * text; identifiers are checked against a strict pattern. Row keys are the schema's camelCase property names,
 * turned into the snake_case column names the migrations use.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function columnName(key) {
  const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return identifier(name);
}

export function identifier(name) {
  if (!IDENTIFIER.test(name)) throw new Error(`unsafe SQL identifier: ${JSON.stringify(name)}`);
  return `\`${name}\``;
}

export function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) throw new Error("invalid Date");
    return String(ms);
  }
  if (typeof value === "object") return literal(JSON.stringify(value));
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new Error("NUL byte in a string value");
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`cannot write a ${typeof value} as SQL`);
}

export function insert(table, row) {
  const keys = Object.keys(row).filter((k) => row[k] !== undefined);
  if (keys.length === 0) throw new Error(`empty row for ${table}`);
  return `INSERT INTO ${identifier(table)} (${keys.map(columnName).join(", ")}) VALUES (${keys.map((k) => literal(row[k])).join(", ")});`;
}

/** [{ table, rows }] in dependency order → one SQL script. */
export function buildSql(tables) {
  const out = [];
  for (const { table, rows } of tables) for (const row of rows) out.push(insert(table, row));
  return `${out.join("\n")}\n`;
}
