import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../worker/db/tenant/index.ts";
for (const [k, v] of Object.entries(schema)) {
  if (!(v instanceof SQLiteTable)) continue;
  const c = getTableConfig(v);
  const fks = c.foreignKeys.map(fk => { const r = fk.reference(); return `${r.columns.map(x=>x.name).join(",")}->${getTableConfig(r.foreignTable).name}.${r.foreignColumns.map(x=>x.name).join(",")}`; });
  console.log(c.name, "|", c.columns.map(col => `${col.name}:${col.columnType}${col.notNull?"!":""}${col.hasDefault?"=":""}${col.primary?"*":""}`).join(" "), "| FK", fks.join(" "), "| PK", c.primaryKeys.map(p=>p.columns.map(x=>x.name).join("+")).join(";"), "| U", c.uniqueConstraints.map(u=>u.columns.map(x=>x.name).join("+")).join(";"), c.indexes.filter(i=>i.config.unique).map(i=>i.config.name).join(","));
}
