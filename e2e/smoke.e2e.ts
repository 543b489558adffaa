import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idRangeStart } from "../worker/contracts/ids";
import { api, apiLogin, host } from "./support/api";
import { closeBrowser, emailInput, newContext, passwordInput, screenshot } from "./support/browser";
import { demo, platform } from "./support/env";

describe("smoke: the app starts as npm start starts it, with its demo", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext();
  });
  afterAll(async () => {
    await context?.close();
    await closeBrowser();
  });

  it("answers its version", async () => {
    const res = await api("GET", "/version");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ version: expect.any(String) });
  });

  it("shows a login page with an email and a password field", async () => {
    const page = await context.newPage();
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    await expect.poll(() => emailInput(page).isVisible()).toBe(true);
    await expect.poll(() => passwordInput(page).isVisible()).toBe(true);
    await screenshot(page, "smoke-login");
  });

  it("logs the demo's platform admin in through the API", async () => {
    const res = await api("POST", "/auth/login", { email: platform.admin, password: platform.password });
    expect(res.status).toBe(200);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.user).toMatchObject({ email: platform.admin, profile: "admin", super: true, companyId: 1 });
  });

  it("logs the demo's customer company's admin in through the API: an ordinary admin of company 2, ids in its range", async () => {
    const res = await api("POST", "/auth/login", { email: demo.admin, password: demo.password });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: demo.admin, profile: "admin", super: false, companyId: 2 });
    expect(res.json.user.id).toBeGreaterThan(idRangeStart(2));
  });

  it("has its session host up with the demo's simulator connection", async () => {
    const res = await host("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, provider: "simulator" });
    // Both demo companies' connections are paired (other journeys sharing this app may have paired more).
    expect(res.json.byStatus.CONNECTED).toBeGreaterThanOrEqual(2);
    expect(res.json.bridge.leases).toEqual(expect.arrayContaining([platform.connectionId, demo.connectionId]));
  });

  it("delivers what a contact writes on the simulator to the customer company's connection into that company's inbox, and its chatbot answers", async () => {
    const contact = { number: `55119${String(Date.now() % 100_000_000).padStart(8, "0")}`, name: "Cliente da Padaria" };
    const sent = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: contact.number, name: contact.name, body: "Bom dia!" });
    expect(sent.status).toBe(200);
    // The connection's chatbot (company 2's queues) answers on the phone.
    await expect
      .poll(async () => {
        const res = await host<{ messages: { direction: string; body: string }[] }>("GET", `/simulator/${demo.connectionId}/conversation?with=${contact.number}`);
        return res.json.messages.some((m) => m.direction === "out" && m.body.includes("*[ 1 ]* - Encomendas"));
      }, { timeout: 20_000 })
      .toBe(true);
    // The ticket is company 2's, on its connection, with an id in its range; the platform company does not see it.
    const token = await apiLogin(demo.admin, demo.password);
    const found = await api("GET", `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(contact.name)}`, undefined, token);
    expect(found.status).toBe(200);
    expect(found.json.tickets).toEqual([
      expect.objectContaining({ companyId: 2, whatsappId: demo.connectionId, contact: expect.objectContaining({ number: contact.number }) }),
    ]);
    expect(found.json.tickets[0].id).toBeGreaterThan(idRangeStart(2));
    const elsewhere = await api("GET", `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(contact.name)}`, undefined, await apiLogin(platform.admin, platform.password));
    expect(elsewhere.json.tickets).toEqual([]);
  });
});
