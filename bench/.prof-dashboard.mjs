// Temporary profiling helper (not committed): seeds the dashboard bench's company, stops, prints the hub file.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createCompany, seed, SIZES, startWithBulk } from "./inbox.mjs";
const src = await import("node:fs").then((fs) => fs.readFileSync(new URL("./dashboard.mjs", import.meta.url), "utf8"));
const fnText = src.slice(src.indexOf("function historySql"), src.indexOf("async function timed"));
const historySql = new Function(`${fnText}; return historySql;`)();
const { app, bulk, bulkUrl } = await startWithBulk({ skipBuild: true });
const A = await createCompany(app.baseUrl, { label: "A", agents: SIZES.A.agents });
await seed(bulk, bulkUrl, A, { tickets: SIZES.A.tickets });
await bulk(`/tenant/${A.companyId}`, historySql(A.companyId));
console.log("company", A.companyId, "state", app.stateDir);
const dir = path.join(app.stateDir, "v3", "do", "zapdesk-CompanyHub");
for (const f of readdirSync(dir)) console.log(path.join(dir, f), statSync(path.join(dir, f)).size);
await new Promise((r) => setTimeout(r, 3000));
await app.stop();
