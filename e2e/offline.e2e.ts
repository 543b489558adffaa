import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { host } from "./support/api";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { baseUrl } from "./support/env";
import { CHROMIUM_ARGS, closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 29): the installable app keeps working when the network drops. A company signs up; a contact
 * writes; the admin answers from the inbox and opens the chat. Chromium finds the app installable (its own check,
 * CDP Page.getInstallabilityErrors) with the manifest's fields. The network drops and the page is reloaded: the
 * shell, the list and the chat come from the service worker's cache under an offline banner; a message typed then
 * stays pending in the chat (also across another reload); the network returns and it is sent once: the API lists
 * exactly one such message. Logging out empties what was kept.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Offline", company: `Loja Sem Rede ${stamp}`, email: `offline-${stamp}@semrede.test`, password: "SemRede-123" };
const contact = { number: `55119870${(Date.now() % 100000).toString().padStart(5, "0")}`, name: "Clara Sem Sinal" };
const words = `Vocês abrem amanhã? ${stamp}`;
const answer = `Abrimos às 9h, ${stamp}`;

const contexts: BrowserContext[] = [];
let context: BrowserContext;
let page: Page;
let ticket: { id: number; uuid: string };

const DATA_CACHE = "zapdesk-data-v1";
const pending = () => page.getByTestId("pending-sends").locator("[data-pending-client-id]");
const banner = () => page.getByTestId("offline-banner");

/** What the service worker keeps for this path (the page's own origin). */
const kept = (path: string) => page.evaluate(async ({ cache, path }) => !!(await (await caches.open(cache)).match(path)), { cache: DATA_CACHE, path });

beforeAll(async () => {
  await allowSignups();
});

afterAll(async () => {
  await closeBrowser(contexts);
});

describe("journey: the app keeps working offline and sends a pending message once when the network returns", () => {
  it("signs a company up, a contact writes and the admin takes the ticket", async () => {
    context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    const { connectionId } = await connectSimulatorNumber(page);
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: words })).status).toBe(200);
    const call = apiOf(page);
    let found: { id: number; uuid: string } | undefined;
    await expect
      .poll(async () => {
        const list = await call.get("/tickets?status=pending&showAll=true");
        found = (list.json?.tickets ?? []).find((t: { contact: { name: string } }) => t.contact.name === contact.name);
        return !!found;
      }, { timeout: 15_000 })
      .toBe(true);
    ticket = found!;
    const me = (await call.get("/auth/me")).json;
    const accepted = await call.put(`/tickets/${ticket.id}`, { status: "open", userId: me.id });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  });

  it("opens the inbox under the service worker and the chat inside the app, which it keeps", async () => {
    await page.goto("/tickets");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The first visit was before the service worker took charge: loaded again, it is the worker's page.
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.getByRole("tab").first().waitFor();
    await page.getByText(contact.name).first().click();
    await page.waitForURL((url) => url.pathname === `/tickets/${ticket.uuid}`);
    await page.getByTestId("ticket-chat").getByText(words).waitFor();
    // The chat's page is kept beside its data (the worker fetched it after the move inside the app).
    await expect.poll(() => kept(`/tickets/${ticket.uuid}`), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => kept("/tickets")).toBe(true);
  });

  it("shows the shell, the list and the chat from the cache under an offline banner when the network drops", async () => {
    const keptBefore = await page.evaluate(async (cache) => (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname), DATA_CACHE);
    await context.setOffline(true);
    await page.reload();
    try {
      await hydrated(page);
    } catch (err) {
      const said = await page.locator("body").innerText().catch(() => "(no text)");
      throw new Error(`offline reload did not hydrate; kept before: ${keptBefore.join(", ")}; the page shows: ${said.slice(0, 400)}`, { cause: err });
    }
    await banner().waitFor();
    expect(await banner().innerText()).toContain("Sem conexão");
    await page.getByTestId("ticket-chat").getByText(words).waitFor();
    await page.getByText(contact.name).first().waitFor();
    // Files and voice notes need the network now: their buttons say so and do nothing.
    expect(await page.getByRole("button", { name: "Anexar arquivos" }).first().isDisabled()).toBe(true);
    await screenshot(page, "offline-01-chat-desktop-light");
  });

  it("keeps a message typed offline pending in the chat, across another reload", async () => {
    const box = page.getByRole("textbox", { name: /Digite uma mensagem/ });
    await box.fill(answer);
    await box.press("Enter");
    await expect.poll(() => pending().count()).toBe(1);
    expect(await pending().first().getAttribute("data-state")).toBe("pending");
    expect(await pending().first().innerText()).toContain(answer);
    expect(await pending().first().innerText()).toContain("Pendente");
    await screenshot(page, "offline-02-pending-desktop-light");
    await page.reload();
    await hydrated(page);
    await banner().waitFor();
    await expect.poll(() => pending().count()).toBe(1);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "offline-03-pending-desktop-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "offline-04-pending-phone-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await screenshot(page, "offline-05-pending-phone-light");
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(fits).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("sends it once when the network returns: the chat shows it sent and the API lists exactly one", async () => {
    await context.setOffline(false);
    // The tab finds the server again (its probe, every 5 s while it answered nothing) and sends what waits.
    await expect.poll(() => pending().count(), { timeout: 45_000 }).toBe(0);
    await page.getByTestId("ticket-chat").getByText(answer).waitFor();
    await banner().waitFor({ state: "detached" });
    const sent = async () => {
      const res = await apiOf(page).get(`/messages/${ticket.id}`);
      return (res.json.messages as { body: string; clientId: string | null }[]).filter((m) => m.body.includes(answer));
    };
    const first = await sent();
    expect(first).toHaveLength(1);
    expect(first[0]!.clientId).toBeTruthy();
    // Another reload (the outbox is empty; a second flush finds nothing): still one.
    await page.reload();
    await hydrated(page);
    await page.getByTestId("ticket-chat").getByText(answer).waitFor();
    expect(await sent()).toHaveLength(1);
    await screenshot(page, "offline-06-sent-desktop-light");
  });

  it("empties what it kept for this user when they log out", async () => {
    expect(await kept("/tickets")).toBe(true);
    await page.getByRole("button", { name: "Minha conta" }).first().click();
    const menu = page.getByRole("menuitem", { name: "Sair" });
    await menu.click();
    await page.waitForURL((url) => url.pathname.startsWith("/login"));
    await hydrated(page);
    // Nothing of the user's is kept: no page of the inbox, none of its data (the login page's public reads, the
    // platform's logos, may be kept again once it loads).
    const left = await page.evaluate(async (cache) => ((await caches.has(cache)) ? (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname) : []), DATA_CACHE);
    expect(left.filter((p) => /^\/(tickets|api\/(tickets|messages|contacts|auth))/.test(p) || p.endsWith(".data"))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("zd:outbox:")))).toEqual([]);
  });
  it("is installable for Chromium itself, with the manifest's fields", async () => {
    // Chromium installs nothing from an incognito profile (playwright's contexts are): a profile on disk, as a phone's.
    // Last in the journey: signing in there ends the session of the journey's own context (one live session per user).
    const profile = mkdtempSync(path.join(os.tmpdir(), "zapdesk-install-"));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl(),
      locale: "pt-BR",
    });
    try {
      persistent.setDefaultTimeout(15_000);
      const agent = await persistent.newPage();
      await login(agent, owner.email, owner.password);
      await agent.goto("/tickets");
      await hydrated(agent);
      await agent.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      const cdp = await persistent.newCDPSession(agent);
      let errors: { errorId: string }[] = [];
      // The manifest and the service worker are checked as the page has them; give them the time to be fetched.
      await expect
        .poll(async () => {
          errors = (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors;
          return errors.map((e) => e.errorId);
        }, { timeout: 20_000 })
        .toEqual([]);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const res = await agent.request.get("/manifest.webmanifest");
      expect(res.headers()["content-type"]).toContain("application/manifest+json");
      const body = await res.json();
      expect(body).toMatchObject({
        name: `${owner.company} · ZapDesk`,
        start_url: "/tickets",
        display: "standalone",
        theme_color: "#00a884",
        user_preferences: { color_scheme: { dark: { theme_color: "#111b21" } } },
      });
      expect(body.icons).toEqual(
        expect.arrayContaining([expect.objectContaining({ src: "/icon-192.png", sizes: "192x192" }), expect.objectContaining({ src: "/icon-512.png", sizes: "512x512" })]),
      );
      await cdp.detach();
    } finally {
      await persistent.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
