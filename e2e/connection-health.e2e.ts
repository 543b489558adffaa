import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../worker/contracts/bridge";
import { signBridgeRequest } from "../worker/lib/bridgeSignature";
import { parseDevVars } from "../scripts/lib/devVars.mjs";
import { host } from "./support/api";
import { closeBrowser, hydrated, login, newContext, OTHER_LOOKS, screenshot } from "./support/browser";
import { baseUrl, platform } from "./support/env";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 30 §2): a company that signed up connects a number and a contact writes; the session host reports two
 * reconnects and four messages recovered after a restart, and the connections page shows the connection's health in
 * one line. Then WhatsApp refuses the link (it asks for a passkey): the row says so plainly, and its link opens the add
 * dialog on the official API. The super admin's "Servidores de sessão" tab is looked at too.
 *
 * The health and refusal events are delivered as the session host delivers them (signed POST /bridge/events, as its
 * lease holder): the simulator has no switch for a refusal.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Saúde", company: `Saúde ${stamp}`, email: `health-${stamp}@saude.test`, password: "Saude-1234" };
const contexts: BrowserContext[] = [];
let page: Page;
let connectionId: number;

/** Events as the session host that holds the connection's lease sends them (its id from its /health). */
async function deliver(...events: BridgeEvent[]) {
  const secret = (parseDevVars(readFileSync(path.resolve(".dev.vars"), "utf8")) as Record<string, string>).BRIDGE_SECRET!;
  const hostId = (await host<{ bridge: { hostId: string } }>("GET", "/health")).json.bridge.hostId;
  const body = JSON.stringify({ hostId, events });
  const headers = await signBridgeRequest(secret, "POST", "/bridge/events", body);
  const res = await fetch(`${baseUrl()}/bridge/events`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

describe("journey: a connection's health and WhatsApp's refusal on the connections page", () => {
  it("shows the last event, the reconnects and the recovered messages of the last 24 hours", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    ({ connectionId } = await connectSimulatorNumber(page));
    const inbound = await host("POST", `/simulator/${connectionId}/inbound`, { from: "5511987650031", name: "Cliente Saúde", body: "Oi, tudo certo?" });
    expect(inbound.status, JSON.stringify(inbound.json)).toBe(200);
    const now = Date.now();
    await deliver(
      { type: "health", connectionId, kind: "reconnect", count: 1, at: now - 2 * 60 * 60 * 1000 },
      { type: "health", connectionId, kind: "reconnect", count: 1, at: now - 60 * 60 * 1000 },
      { type: "health", connectionId, kind: "recovered", count: 4, at: now - 60 * 60 * 1000 },
    );
    await expect.poll(async () => (await apiOf(page).get(`/whatsapp/${connectionId}`)).json.health?.reconnects24h, { timeout: 15_000 }).toBe(2);

    await page.goto("/connections");
    await hydrated(page);
    // The phone's copy of the line (in the name cell) is hidden at this width.
    const health = page.getByTestId(`health-${connectionId}`).filter({ visible: true });
    await health.getByText(/Último evento (agora mesmo|há \d+ minutos?)/).waitFor();
    await health.getByText(/24\sh: 2 reconexões, 4 mensagens recuperadas/).waitFor();
    await screenshot(page, "connection-health-desktop-light");
  });

  it("says plainly that WhatsApp asks for a passkey, and leads to the official API", async () => {
    await deliver({ type: "status", connectionId, status: "DISCONNECTED", reason: "passkey_required", at: Date.now() });
    // The page hears of it (whatsappSession) without a reload.
    const note = page.getByRole("note").filter({ hasText: "O WhatsApp recusou esta conexão" }).first();
    await note.getByText("O WhatsApp agora pede uma chave de acesso (passkey) para conectar este número").waitFor();
    await screenshot(page, "connection-health-refusal-desktop-light");
    for (const [look, options] of OTHER_LOOKS) {
      const other = await newContext(options);
      contexts.push(other);
      await other.addCookies(await page.context().cookies());
      const otherPage = await other.newPage();
      await otherPage.goto("/connections");
      await hydrated(otherPage);
      await otherPage.getByText("O WhatsApp recusou esta conexão").filter({ visible: true }).waitFor();
      await screenshot(otherPage, `connection-health-refusal-${look}`);
      await otherPage.close();
    }

    await note.getByRole("button", { name: "Conectar pela API oficial" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Adicionar WhatsApp" });
    await expect.poll(() => dialog.getByRole("radio", { name: /API oficial \(Meta\)/ }).isChecked(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel("ID do número de telefone").waitFor();
    await screenshot(page, "connection-health-official-api-dialog-desktop-light");
    await page.keyboard.press("Escape");

    // Connected again: the refusal is gone.
    await deliver({ type: "status", connectionId, status: "CONNECTED", at: Date.now() });
    await expect.poll(async () => (await apiOf(page).get(`/whatsapp/${connectionId}`)).json.health?.refusal, { timeout: 15_000 }).toBeNull();
    await page.getByText("O WhatsApp recusou esta conexão").first().waitFor({ state: "detached" });
  });

  it("shows the super admin the session hosts tab", async () => {
    for (const [look, options] of [["desktop-light", {}], ...OTHER_LOOKS] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const admin = await context.newPage();
      await login(admin, platform.admin, platform.password);
      await admin.goto("/settings");
      await hydrated(admin);
      await admin.getByRole("tab", { name: "Servidores de sessão" }).click();
      // The run's session host registers with its heartbeat (ADR 0056) and holds this journey's connection.
      await expect.poll(async () => ((await apiOf(admin).get("/platform/session-hosts")).json.hosts ?? []).length, { timeout: 30_000 }).toBeGreaterThan(0);
      const hosts = (await apiOf(admin).get("/platform/session-hosts")).json.hosts as { id: string; live: boolean }[];
      expect(hosts.some((h) => h.live)).toBe(true);
      await admin.locator(`[data-host="${hosts[0]!.id}"]`).waitFor();
      await screenshot(admin, `session-hosts-${look}`);
      await context.close();
    }
  });
});
