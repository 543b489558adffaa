import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { legacyPgUrl } from "../scripts/lib/postgres.mjs";
import { loadLegacyFixture } from "../importer/fixtures/load.mjs";
import { api, apiLogin } from "./support/api";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { baseUrl, platform } from "./support/env";
import { allowSignups, signUpThroughApi } from "./support/signup";

// Issue 27 §1–2: a ticketz installation (the fixture made from ticketz's own migrations, importer/fixtures/ticketz)
// moves into a company that signed up and is still empty, with one command, and its agents carry on with their old
// passwords. The fixture's passwords and rows are listed in its data.sql header.
const stamp = Date.now().toString(36);
const owner = { name: "Dona Padaria", company: `Padaria Migrada ${stamp}`, email: `dona-${stamp}@migrada.test`, password: "Migrada-2026" };
/** The company that takes a Whaticket SaaS installation: signed up, empty. */
const newcomer = { name: "Dona Whaticket", company: `Padaria Whaticket ${stamp}`, email: `whaticket-${stamp}@migrada.test`, password: "Whaticket-2026" };
/** The company that takes the archive back in: signed up, empty. */
const heir = { name: "Seu Herdeiro", company: `Padaria Herdeira ${stamp}`, email: `herdeiro-${stamp}@migrada.test`, password: "Herdeira-2026" };
const ANA = { email: "ana@padaria.test", password: "Ana!admin1" };
const BRUNO = { email: "bruno@padaria.test", password: "Bruno!agent2" };
const SHOWCASE_UUID = "6f1d1c9e-0b7a-4f7e-9d43-1a2b3c4d5e01";
const work = mkdtempSync(path.join(os.tmpdir(), "zapdesk-import-e2e-"));
const report = path.join(work, "report.jsonl");
const contexts: BrowserContext[] = [];
let legacy: { url: string; publicDir: string };
let companyId = 0;

function runImport(args = ["--from", legacy.url, "--company", "1", "--into", String(companyId), "--media", legacy.publicDir]) {
  const cli = spawnSync(
    path.join("node_modules", ".bin", "tsx"),
    ["importer/src/cli.ts", ...args, "--to", baseUrl(), "--report", report],
    { encoding: "utf8", env: { ...process.env, ZAPDESK_EMAIL: platform.admin, ZAPDESK_PASSWORD: platform.password }, timeout: 240_000 },
  );
  expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(0);
  return cli.stdout;
}

async function signUpEmpty(who: typeof owner): Promise<number> {
  const plans = (await api<{ id: number; users: number; connections: number }[]>("GET", "/plans/list")).json;
  const plan = plans.find((p) => p.users >= 5 && p.connections >= 2) ?? plans[0]!;
  const signup = await signUpThroughApi({ name: who.company, ownerName: who.name, email: who.email, password: who.password, planId: String(plan.id) });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  return signup.json!.id!;
}

/** What a company holds, as its admin reads it through the API: contacts, tickets by status, each ticket's messages. */
async function contents(token: string) {
  const contacts = (await api<{ contacts: { name: string; number: string; email: string }[] }>("GET", "/contacts?pageNumber=1", undefined, token)).json.contacts;
  const tickets: Record<string, string[]> = {};
  for (const status of ["open", "pending", "closed"]) {
    const list = (await api<{ tickets: { id: number; uuid: string }[] }>("GET", `/tickets?status=${status}&showAll=true`, undefined, token)).json.tickets;
    for (const t of list) {
      const messages = (await api<{ messages: { body: string; fromMe: boolean; mediaType: string }[] }>("GET", `/messages/${t.id}`, undefined, token)).json.messages;
      tickets[`${status} ${t.uuid}`] = messages.map((m) => `${m.fromMe ? ">" : "<"} ${m.mediaType} ${m.body}`);
    }
  }
  return { contacts: contacts.map((c) => `${c.name} ${c.number} ${c.email}`).sort(), tickets };
}

async function counts(token: string) {
  const contacts = (await api<{ contacts: { name: string; number: string }[]; count: number }>("GET", "/contacts?pageNumber=1", undefined, token)).json;
  const open = (await api<{ tickets: { uuid: string }[] }>("GET", "/tickets?status=open&showAll=true", undefined, token)).json;
  const closed = (await api<{ tickets: { uuid: string }[] }>("GET", "/tickets?status=closed&showAll=true", undefined, token)).json;
  return { contacts: contacts.count, names: contacts.contacts.map((c) => c.name), open: open.tickets.length, closed: closed.tickets.length };
}

afterAll(async () => {
  await closeBrowser(contexts);
});

describe("journey: a ticketz installation moves in with one command, and its agents carry on", () => {
  let before: Awaited<ReturnType<typeof counts>>;

  it("imports the legacy company into a company that signed up and is still empty", async () => {
    legacy = await loadLegacyFixture(legacyPgUrl(), "ticketz", `e2e_import_${process.pid}`);
    await allowSignups();
    companyId = await signUpEmpty(owner);

    const out = runImport();
    expect(out).toContain(`→ ${companyId}`);
    // The report names what was left out and why: the file the old server lost, the rows whose parent is gone.
    const lines = readFileSync(report, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { table: string; reason: string });
    expect(lines.some((l) => /media|file/i.test(l.reason)), JSON.stringify(lines)).toBe(true);
  });

  it("answers the imported admin's old password, and the company's data through the product's API", async () => {
    const token = await apiLogin(ANA.email, ANA.password);
    before = await counts(token);
    // "Maria Oliveira" was twice in ticketz (with and without the ninth digit): one contact here.
    expect(before.names.filter((n) => n === "Maria Oliveira")).toHaveLength(1);
    expect(before.open).toBeGreaterThan(0);
    const showcase = (await api<{ id: number }>("GET", `/tickets/u/${SHOWCASE_UUID}`, undefined, token)).json;
    const messages = (await api<{ messages: { body: string; mediaUrl: string | null; mediaType: string }[] }>("GET", `/messages/${showcase.id}`, undefined, token)).json.messages;
    const photo = messages.find((m) => m.body === "Essa é a foto do bolo");
    expect(photo?.mediaUrl, JSON.stringify(messages.map((m) => m.body))).toBeTruthy();
  });

  it("imports nothing twice when the same command runs again", async () => {
    runImport();
    expect(await counts(await apiLogin(ANA.email, ANA.password))).toEqual(before);
  });

  it("lets an imported agent sign in with the old password and open the ticket with its photo", async () => {
    const context = await newContext();
    contexts.push(context);
    const page: Page = await context.newPage();
    await login(page, BRUNO.email, BRUNO.password);
    await page.goto("/tickets");
    await hydrated(page);
    await page.getByText("Maria Oliveira").first().click();
    await page.waitForURL((url) => url.pathname.includes(SHOWCASE_UUID));
    await page.getByText("Combinado, até sexta!").first().waitFor();
    // The bubble fetches the stored file with the session and shows it from a blob: the R2 object the import wrote.
    const photo = page.locator("img[src^='blob:']").first();
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "import-imported-ticket-desktop-light");
  });

  it("leaves again with its data: the export, imported into another empty company, reads the same", async () => {
    const token = await apiLogin(ANA.email, ANA.password);
    const original = await contents(token);
    const started = await api<{ id: number }>("POST", "/company-exports", {}, token);
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    let downloadUrl: string | null = null;
    await expect
      .poll(
        async () => {
          const list = (await api<{ id: number; state: string; downloadUrl: string | null }[]>("GET", "/company-exports", undefined, token)).json;
          const mine = list.find((e) => e.id === started.json.id);
          downloadUrl = mine?.downloadUrl ?? null;
          return mine?.state;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe("done");
    const archive = path.join(work, "company.tar");
    const download = await fetch(new URL(downloadUrl!, baseUrl()));
    expect(download.status).toBe(200);
    writeFileSync(archive, Buffer.from(await download.arrayBuffer()));

    const heirId = await signUpEmpty(heir);
    runImport(["--from", archive, "--into", String(heirId)]);
    const copy = await contents(await apiLogin(heir.email, heir.password));
    // The heir's own admin is a contact-less user; everything the archive carried reads the same through the API.
    expect(copy).toEqual(original);
  });

  it("takes a Whaticket SaaS installation the same way, and says which e-mails another company already holds", async () => {
    const whaticket = await loadLegacyFixture(legacyPgUrl(), "whaticket-saas", `e2e_import_wt_${process.pid}`);
    const newcomerId = await signUpEmpty(newcomer);
    runImport(["--from", whaticket.url, "--company", "1", "--into", String(newcomerId), "--media", whaticket.publicDir]);
    // Its agents' e-mails are the ticketz company's (imported above): they stay with it, and the report says so.
    const lines = readFileSync(report, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { table: string; reason: string });
    expect(lines.some((l) => /bruno@padaria\.test/.test(JSON.stringify(l)) && /cannot sign in/.test(l.reason)), JSON.stringify(lines)).toBe(true);
    const held = await contents(await apiLogin(newcomer.email, newcomer.password));
    expect(held.contacts.length).toBeGreaterThan(0);
    expect(Object.values(held.tickets).flat().length).toBeGreaterThan(0);
  });
});
