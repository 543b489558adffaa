import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, host } from "./support/api";
import { closeBrowser, emailInput, newContext, passwordInput, screenshot } from "./support/browser";
import { demo } from "./support/env";

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
    const res = await api("POST", "/auth/login", { email: demo.admin, password: demo.password });
    expect(res.status).toBe(200);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.user).toMatchObject({ email: demo.admin, profile: "admin", super: true });
  });

  it("has its session host up with the demo's simulator connection", async () => {
    const res = await host("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, provider: "simulator" });
    // The demo's connection is paired (other journeys sharing this app may have paired more).
    expect(res.json.byStatus.CONNECTED).toBeGreaterThanOrEqual(1);
    expect(res.json.bridge.leases).toContain(1);
  });
});
