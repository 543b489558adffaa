import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** This journey's own admin, colleague, campaign and chat (the demo's Padaria Pão Quente runs on São Paulo time). */
const run = Date.now().toString().slice(-6);
const ADMIN = { name: `Fuso ${run}`, email: `fuso-${run}@demo.com`, password: "Fusohorario123" };
const COLLEAGUE = { name: `Colega ${run}`, email: `colega-fuso-${run}@demo.com`, password: "Fusohorario123" };
const NAME = `Campanha fuso ${run}`;
/** 14:30 in São Paulo; 02:30 of the next day in Tokyo, where this browser is. */
const SCHEDULED = "2030-01-15T17:30:00.000Z";

const inSaoPaulo = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
const timeInSaoPaulo = (iso: string) => new Intl.DateTimeFormat("pt-BR", { timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
const timeInTokyo = (iso: string) => new Intl.DateTimeFormat("pt-BR", { timeStyle: "short", timeZone: "Asia/Tokyo" }).format(new Date(iso));

describe("journey: an agent whose browser is in Tokyo reads every time in the company's zone, and is told so", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let token: string;
  let campaignId: number;
  let chatUuid: string;
  let messageAt: string;

  beforeAll(async () => {
    const adminToken = await apiLogin(demo.admin, demo.password);
    expect((await api("POST", "/users", { ...ADMIN, profile: "admin" }, adminToken)).status).toBe(201);
    const colleague = await api("POST", "/users", { ...COLLEAGUE, profile: "user" }, adminToken);
    expect(colleague.status).toBe(201);
    token = await apiLogin(ADMIN.email, ADMIN.password);
    const list = await api("POST", "/contact-lists", { name: `Lista fuso ${run}` }, token);
    expect((await api("POST", "/contact-list-items", { contactListId: list.json.id, name: `Cliente fuso ${run}`, number: `5511974${run}` }, token)).status).toBe(201);
    const created = await api("POST", "/campaigns", { name: NAME, whatsappId: demo.connectionId, contactListId: list.json.id, message1: "Olá {nome}", scheduledAt: SCHEDULED }, token);
    expect(created.status).toBe(201);
    campaignId = created.json.id;
    const chat = await api("POST", "/chats", { title: `Fuso ${run}`, users: [colleague.json.id] }, token);
    expect(chat.status).toBe(201);
    chatUuid = chat.json.uuid;
    const sent = await api("POST", `/chats/${chat.json.id}/messages`, { message: `Mensagem das ${run}` }, token);
    expect(sent.status).toBeLessThan(300);
    messageAt = sent.json.createdAt ?? sent.json.message?.createdAt;
    expect(messageAt).toBeTruthy();

    contexts.push(await newContext({ timezoneId: "Asia/Tokyo" }));
    page = await contexts[0]!.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await login(page, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    if (campaignId) await api("DELETE", `/campaigns/${campaignId}`, undefined, token).catch(() => undefined);
    await closeBrowser(contexts);
  });

  it("lists a campaign's schedule at the company's 14:30, not the browser's 02:30, and names the company's zone", async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await page.goto("/campaigns");
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(inSaoPaulo(SCHEDULED));
    expect(await row.innerText()).not.toContain("02:30");
    await expect.poll(() => page.locator("[data-zone-note]").first().innerText()).toMatch(/Horários da empresa: .*\(UTC−3\)/);
    await screenshot(page, "company-time-campaigns-tokyo");
  });

  it("shows an internal chat message at the company's time", async () => {
    await page.goto(`/chats/${chatUuid}`);
    const bubble = page.locator("[data-message-id]").filter({ hasText: `Mensagem das ${run}` });
    await expect.poll(() => bubble.innerText(), { timeout: 10_000 }).toContain(timeInSaoPaulo(messageAt));
    if (timeInSaoPaulo(messageAt) !== timeInTokyo(messageAt)) expect(await bubble.innerText()).not.toContain(timeInTokyo(messageAt));
    await expect.poll(() => page.locator("[data-zone-note]").count()).toBeGreaterThan(0);
  });

  it("says nothing about zones to a browser already on the company's time", async () => {
    const local = await newContext({ timezoneId: "America/Sao_Paulo" });
    contexts.push(local);
    const p = await local.newPage();
    await login(p, ADMIN.email, ADMIN.password);
    await p.goto("/campaigns");
    await expect.poll(() => p.locator(`[data-campaign-id="${campaignId}"]`).innerText(), { timeout: 10_000 }).toContain(inSaoPaulo(SCHEDULED));
    expect(await p.locator("[data-zone-note]").count()).toBe(0);
  });
});
