import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, host } from "./support/api";
import { closeBrowser, emailInput, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";
import { watchViolations } from "./support/violations";

/** A contact of this journey only, who sends a picture, so the chat shows media under the policy. */
const CONTACT = "5511987600123";
const CONTACT_NAME = "Irene Política";
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** The admin's main pages, each with what shows it has rendered. */
const PAGES: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: "/contacts", ready: (p) => p.getByRole("heading", { name: "Contatos" }).waitFor() },
  { path: "/users", ready: (p) => p.getByRole("button", { name: "Adicionar usuário" }).waitFor() },
  { path: "/queues", ready: (p) => p.getByRole("heading", { name: "Filas e chatbot" }).waitFor() },
  { path: "/tags", ready: (p) => p.getByRole("button", { name: "Adicionar tag" }).waitFor() },
  { path: "/quick-messages", ready: (p) => p.getByRole("heading").first().waitFor() },
  { path: "/connections", ready: (p) => p.getByText(demo.connectionName).first().waitFor() },
  { path: "/settings", ready: (p) => p.getByLabel("Operador visualiza grupos").waitFor() },
  { path: "/messages-api", ready: (p) => p.getByText("Authorization: Bearer").first().waitFor() },
];

/** Lets the page finish what it loads after it renders (lists, the socket, the service worker). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
}

const describeAll = (list: { page: string; kind: string; text: string }[]) => list.map((v) => `${v.kind} on ${v.page}: ${v.text}`).join("\n");

describe("journey: the admin goes through every main page under the security policy, and the browser refuses nothing", () => {
  let context: BrowserContext;
  let page: Page;
  let violations: Awaited<ReturnType<typeof watchViolations>>;

  beforeAll(async () => {
    context = await newContext();
    violations = await watchViolations(context);
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser([context]);
  });

  it("serves the login page with a nonce policy that every inline script carries", async () => {
    const response = await page.goto("/login");
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("microphone=(self)");
    // The browser hides a nonce from attributes; the property still tells it.
    const scriptNonces = await page.evaluate(() => [...document.querySelectorAll("script:not([src])")].map((s) => (s as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    // A fresh one for the next page.
    const again = (await page.goto("/login"))!.headers()["content-security-policy"];
    expect(again).not.toContain(`'nonce-${nonce}'`);
    await emailInput(page).waitFor();
    await settle(page);
  });

  it("opens the inbox and a chat with a picture from a contact, with emojis and the socket, without a violation", async () => {
    await login(page, demo.admin, demo.password);
    const sent = await host("POST", `/simulator/${demo.connectionId}/inbound`, {
      from: CONTACT,
      name: CONTACT_NAME,
      media: { mimetype: "image/png", filename: "foto.png", base64: PNG_BASE64 },
    });
    expect(sent.status).toBe(200);
    let uuid: string | undefined;
    await expect
      .poll(async () => (uuid = (await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(CONTACT_NAME)}`)).tickets[0]?.uuid), {
        timeout: 20_000,
        interval: 300,
      })
      .toBeTruthy();
    await page.goto("/tickets");
    await settle(page);
    await page.goto(`/tickets/${uuid}`);
    const chat = page.getByTestId("ticket-chat");
    await chat.waitFor();
    // The picture is fetched and shown from a blob: URL.
    await expect.poll(() => chat.locator("img[src^='blob:']").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Accepted, the composer shows; its emoji picker adds style elements of its own.
    if ((await chat.getAttribute("data-status")) === "pending") await chat.getByRole("button", { name: "Aceitar", exact: true }).first().click();
    await expect.poll(() => chat.getAttribute("data-status"), { timeout: 15_000 }).toBe("open");
    await chat.getByRole("button", { name: "Emojis" }).click();
    await page.getByPlaceholder("Buscar emoji").waitFor();
    await page.keyboard.press("Escape");
    await settle(page);
    await screenshot(page, "security-chat");
    expect(violations.policy(), describeAll(violations.all())).toEqual([]);
  });

  it.each(PAGES)("shows $path without a violation", async ({ path, ready }) => {
    await page.goto(path);
    await ready(page);
    await settle(page);
    expect(violations.policy(), describeAll(violations.all())).toEqual([]);
  });

  it("opens a dialog (its scroll lock adds a style element) without a violation", async () => {
    await page.goto("/users");
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    expect(violations.policy(), describeAll(violations.all())).toEqual([]);
  });

  it("has registered the service worker and opened the socket under the policy", async () => {
    const socket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/api/ws");
    await page.goto("/tickets");
    await settle(page);
    const ws = await socket;
    await page.waitForTimeout(500);
    expect(ws.isClosed()).toBe(false);
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 10_000 }).toBe(true);
    expect(violations.policy(), describeAll(violations.all())).toEqual([]);
    // Nothing on these pages logged an error of any kind either.
    expect(violations.all(), describeAll(violations.all())).toEqual([]);
  });

  it("really enforces it: a script injected into the page does not run, and the browser reports it", async () => {
    await page.goto("/tickets");
    await settle(page);
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.appendChild(script);
      await new Promise((r) => setTimeout(r, 200));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.policy().some((v) => v.kind === "csp" && v.text.startsWith("script-src-elem"))).toBe(true);
    violations.clear();
  });
});
