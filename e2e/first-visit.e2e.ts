import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, host } from "./support/api";
import { closeBrowser, getBrowser, login, newContext } from "./support/browser";
import { baseUrl, demo } from "./support/env";

/** The built files of the heavy parts that load only when used (their chunks keep their module's name). */
const HEAVY = { emojiPicker: /\/assets\/(EmojiPickerPanel|emojis-[a-z]+)-/, audioEncoder: /\/assets\/lamejs-/, spreadsheetReader: /\/assets\/xls\.worker-/ };

interface Ticket {
  id: number;
  uuid: string;
  contact: { name: string; number: string };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");
const rows = (page: Page) => page.locator('ul[aria-label] li a[href^="/tickets/"]');
const chat = (page: Page) => page.getByTestId("ticket-chat");

/** Every request the page makes to the app: GET /api/tickets by its query, and the scripts it loads. */
function watch(page: Page) {
  const ticketLists: string[] = [];
  const messagePages: string[] = [];
  const scripts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname === "/api/tickets") ticketLists.push(url.search);
    if (request.method() === "GET" && /^\/api\/messages\/\d+$/.test(url.pathname)) messagePages.push(url.pathname + url.search);
    if (url.pathname.endsWith(".js")) scripts.push(url.pathname);
  });
  return { ticketLists, messagePages, scripts };
}

/** How often each list (by its query) was asked for. */
const perList = (queries: string[]) => queries.reduce<Record<string, number>>((acc, q) => ({ ...acc, [q]: (acc[q] ?? 0) + 1 }), {});

describe("journey: an agent opens the inbox and it is there at once — the first rows and the open chat in the HTML, each list asked once, the heavy parts only when used", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let firstOpen: Ticket;
  let firstPending: Ticket | undefined;

  beforeAll(async () => {
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, demo.agents[0], demo.password);
    // The lists the inbox shows first, as the agent's own API answers them (no queue chosen, not showing all).
    firstOpen = (await apiAs(page, "/tickets?status=open&pageNumber=1&showAll=false")).tickets[0];
    firstPending = (await apiAs(page, "/tickets?status=pending&pageNumber=1&showAll=false")).tickets[0];
    expect(firstOpen, "the demo gives Ana an open ticket").toBeTruthy();
  });

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("serves /tickets with the first rows of the list shown first in its HTML (the waiting list's page with them), private and never stored", async () => {
    const res = await page.request.get("/tickets");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(`href="/tickets/${firstOpen.uuid}"`);
    expect(html).toContain(escapeHtml(firstOpen.contact.name));
    // The waiting list's tab is not the one shown, but its page comes with the HTML (its count shows on the tab).
    if (firstPending) expect(html).toContain(firstPending.uuid);
  });

  it("starts without the contracts' schemas: no script the inbox's HTML preloads carries zod (it loads with the socket's parser)", async () => {
    const html = await (await page.request.get("/tickets")).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(preloaded.length).toBeGreaterThan(5);
    for (const src of preloaded) expect(await (await page.request.get(src)).text(), src).not.toContain("ZodError");
  });

  it("shows those rows with JavaScript switched off: they are there before any script runs", async () => {
    const noScript = await (await getBrowser()).newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      storageState: await contexts[0]!.storageState(),
      viewport: { width: 1280, height: 800 },
      locale: "pt-BR",
    });
    contexts.push(noScript);
    const still = await noScript.newPage();
    await still.goto("/tickets");
    await expect.poll(() => rows(still).first().getAttribute("href")).toBe(`/tickets/${firstOpen.uuid}`);
    await expect.poll(() => still.getByRole("link", { name: firstOpen.contact.name }).first().isVisible()).toBe(true);
  });

  it("renders an opened ticket's latest messages in the HTML of /tickets/{uuid}", async () => {
    // An open ticket with messages (other journeys may have opened tickets that have none yet).
    const open: Ticket[] = (await apiAs(page, "/tickets?status=open&pageNumber=1&showAll=false")).tickets;
    let found: { ticket: Ticket; latest: { id: number } } | undefined;
    for (const ticket of open) {
      const { messages } = await apiAs(page, `/messages/${ticket.id}?pageNumber=1`);
      const latest = [...messages].reverse().find((m: { mediaType: string }) => m.mediaType !== "reactionMessage");
      if (latest) {
        found = { ticket, latest };
        break;
      }
    }
    expect(found, "the demo gives Ana an open ticket with messages").toBeTruthy();
    const res = await page.request.get(`/tickets/${found!.ticket.uuid}`);
    const html = await res.text();
    expect(html).toContain('data-testid="ticket-chat"');
    expect(html).toContain(`data-ticket-id="${found!.ticket.id}"`);
    expect(html).toContain(`data-message-id="${found!.latest.id}"`);
  });

  it("asks for each ticket list at most once on load (the open tab's two come with the HTML)", async () => {
    const fresh = await contexts[0]!.newPage();
    const seen = watch(fresh);
    await fresh.goto("/tickets");
    await rows(fresh).first().waitFor();
    // Once a realtime event shows, the socket is in: any read its acceptance calls for has been made.
    const body = `Escrevi com a lista aberta ${Date.now()}`;
    expect((await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: firstOpen.contact.number, name: firstOpen.contact.name, body })).status).toBe(200);
    await fresh.getByRole("list", { name: "Atendendo" }).getByTestId("ticket-preview").filter({ hasText: body }).waitFor();
    for (const [query, times] of Object.entries(perList(seen.ticketLists))) expect(times, query).toBeLessThanOrEqual(1);
    // The two lists of the open tab came with the page.
    expect(seen.ticketLists.filter((q) => /status=(open|pending)/.test(q) && /pageNumber=1/.test(q)).length).toBeLessThanOrEqual(2);
    await fresh.close();
  });

  it("opens a ticket from its address without asking for its messages again, and still hears what the contact writes", async () => {
    const fresh = await contexts[0]!.newPage();
    const seen = watch(fresh);
    await fresh.goto(`/tickets/${firstOpen.uuid}`);
    await chat(fresh).waitFor();
    const body = `Chegou depois da página ${Date.now()}`;
    expect((await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: firstOpen.contact.number, name: firstOpen.contact.name, body })).status).toBe(200);
    await chat(fresh).locator("[data-message-id]").filter({ hasText: body }).first().waitFor();
    expect(seen.messagePages.length, seen.messagePages.join(", ")).toBeLessThanOrEqual(1);
    await fresh.close();
  });

  it("loads the emoji picker, the audio encoder and the spreadsheet reader only when they are used", async () => {
    const fresh = await contexts[0]!.newPage();
    const seen = watch(fresh);
    await fresh.goto(`/tickets/${firstOpen.uuid}`);
    await chat(fresh).waitFor();
    await fresh.waitForLoadState("networkidle");
    for (const [part, chunk] of Object.entries(HEAVY)) expect(seen.scripts.filter((s) => chunk.test(s)), part).toEqual([]);

    await chat(fresh).getByRole("button", { name: "Emojis" }).click();
    await expect.poll(() => seen.scripts.some((s) => HEAVY.emojiPicker.test(s))).toBe(true);

    // The contacts page lists contacts without the reader of the import's spreadsheets.
    await fresh.goto("/contacts");
    await fresh.waitForLoadState("networkidle");
    expect(seen.scripts.filter((s) => HEAVY.spreadsheetReader.test(s) || HEAVY.audioEncoder.test(s))).toEqual([]);
    await fresh.close();
  });
});
