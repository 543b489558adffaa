import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Two tickets of the journey's own, waiting in the demo's Entregas queue (which Luana and Diego share), with no kanban
 * lane: other journeys may have moved, closed or written to the demo's tickets before this one runs.
 */
const RUN = String(Date.now() % 100_000).padStart(5, "0");
const RAFAEL = `Rafael Quadro ${RUN}`;
const JOAO = `João Quadro ${RUN}`;
/** Demo kanban tags (lanes), 'Em aberto' first, then by name until an admin orders them. */
const OPEN = "Em aberto";
const PAYMENT = "Aguardando pagamento";
const PRODUCTION = "Em produção";
/** A lane of the journey's own, holding more cards than the board sends of a lane at first (40). */
const LONG_LANE = `Zz Rolagem ${RUN}`;
const LONG_LANE_CARDS = 45;
const longLaneContact = (i: number) => `Rolagem ${RUN} ${String(i).padStart(2, "0")}`;

const lane = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cardIn = (scope: Page | Locator, contact: string) => scope.locator("[data-card-id]").filter({ hasText: contact });
const laneNames = (page: Page) => page.locator("[data-lane-id] h2").allInnerTexts();

async function openBoard(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await login(page, email, demo.password);
  await page.goto("/kanban");
  await expect.poll(() => cardIn(page, RAFAEL).isVisible()).toBe(true);
  return page;
}

/** A real mouse drag: press on the card, move in steps (past the 6 px that starts a drag), release over the lane. */
async function dragByMouse(page: Page, card: Locator, target: Locator) {
  const from = (await card.locator("header").boundingBox())!;
  const to = (await target.locator("header").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  await page.mouse.up();
}

/** A contact and its ticket waiting in the queue, made through the API as the admin. */
async function waitingTicket(token: string, queueId: number, name: string, number: string) {
  const contact = await api("POST", "/contacts", { name, number }, token);
  expect(contact.status, JSON.stringify(contact.json)).toBe(201);
  const ticket = await api("POST", "/tickets", { contactId: contact.json.id, queueId, status: "open" }, token);
  expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);
  const back = await api("PUT", `/tickets/${ticket.json.id}`, { status: "pending", userId: null }, token);
  expect(back.status, JSON.stringify(back.json)).toBe(200);
}

describe("journey: two agents work the kanban board together", () => {
  const contexts: BrowserContext[] = [];
  const longLaneTickets: number[] = [];
  beforeAll(async () => {
    // Before any browser signs in as the admin (one live session per user).
    const token = await apiLogin(demo.admin, demo.password);
    const queues = (await api("GET", "/queue", undefined, token)).json as { id: number; name: string }[];
    const shared = queues.find((q) => q.name === "Entregas")!;
    await waitingTicket(token, shared.id, RAFAEL, `55619${RUN}101`);
    await waitingTicket(token, shared.id, JOAO, `55219${RUN}102`);
    // The long lane: a new kanban tag (the board's right end), its cards dropped in with the spec's call.
    const laneTag = await api("POST", "/tags", { name: LONG_LANE, color: "#7C3AED", kanban: 1 }, token);
    expect(laneTag.status, JSON.stringify(laneTag.json)).toBe(201);
    for (let i = 1; i <= LONG_LANE_CARDS; i++) {
      const contact = await api("POST", "/contacts", { name: longLaneContact(i), number: `55319${RUN}${200 + i}` }, token);
      expect(contact.status, JSON.stringify(contact.json)).toBe(201);
      const ticket = await api("POST", "/tickets", { contactId: contact.json.id, queueId: shared.id, status: "open" }, token);
      expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);
      expect((await api("PUT", `/ticket-tags/${ticket.json.id}/${laneTag.json.id}`, undefined, token)).status).toBe(200);
      longLaneTickets.push(ticket.json.id);
    }
  });
  afterAll(async () => {
    await closeBrowser(contexts);
    // The long lane's tickets are the admin's open ones: closed, so later journeys meet the demo's inbox as it was.
    const token = await apiLogin(demo.admin, demo.password);
    for (const id of longLaneTickets) await api("PUT", `/tickets/${id}`, { status: "closed" }, token);
  });

  it("moves a card by mouse drag, and the colleague sees it move at once", async () => {
    contexts.push(await newContext(), await newContext());
    const luana = await openBoard(contexts[0]!, demo.agents[0]);
    const diego = await openBoard(contexts[1]!, demo.agents[1]);
    expect(await cardIn(lane(luana, OPEN), RAFAEL).isVisible()).toBe(true);
    await screenshot(luana, "kanban-desktop-light");

    const openBefore = Number(await lane(diego, OPEN).locator("[data-lane-count]").innerText());
    await dragByMouse(luana, cardIn(luana, RAFAEL), lane(luana, PAYMENT));
    await expect.poll(() => cardIn(lane(luana, PAYMENT), RAFAEL).isVisible()).toBe(true);
    // Diego never reloads: the ticket's event moves the card on his board, and the counts follow.
    await expect.poll(() => cardIn(lane(diego, PAYMENT), RAFAEL).isVisible()).toBe(true);
    expect(await cardIn(lane(diego, OPEN), RAFAEL).count()).toBe(0);
    expect(Number(await lane(diego, OPEN).locator("[data-lane-count]").innerText())).toBe(openBefore - 1);

    // The move is in the ticket's history, by Luana, from 'Em aberto' to the lane.
    const ticketId = await cardIn(luana, RAFAEL).getAttribute("data-card-id");
    const tracking = await (await luana.request.get(`/api/tickets/${ticketId}/tracking`)).json();
    expect(tracking.history[0]).toMatchObject({ action: "kanban", fromTag: null, toTag: { name: PAYMENT }, byUser: { name: demo.names.agents[0] } });
  });

  it("moves a card by keyboard (space, arrow, space), and the colleague sees it move at once", async () => {
    const [luana, diego] = contexts.map((c) => c.pages().at(-1)!) as [Page, Page];
    const handle = cardIn(diego, JOAO).locator("[data-drag-handle]");
    const names = await laneNames(diego);
    await handle.focus();
    await diego.keyboard.press("Space");
    // dnd-kit tells screen readers where the lifted card is, in the user's language.
    const liveRegion = diego.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => liveRegion.innerText()).toMatch(/^Ticket #\d+ (pego|sobre a coluna)/);
    // dnd-kit's keyboard sensor starts listening for arrows in a timer of its own after the lift is announced: a
    // timer of ours set now runs after it, so the first arrow is never pressed before anyone listens (seen under load).
    await diego.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // Each right arrow jumps one lane (announced before the next press, as a person hears it).
    for (let i = names.indexOf(OPEN) + 1; i <= names.indexOf(PRODUCTION); i++) {
      await diego.keyboard.press("ArrowRight");
      await expect.poll(() => liveRegion.innerText()).toMatch(new RegExp(`sobre a coluna ${names[i]}`));
    }
    await diego.keyboard.press("Space");
    await expect.poll(() => liveRegion.innerText()).toMatch(new RegExp(`solto na coluna ${PRODUCTION}`));
    await expect.poll(() => cardIn(lane(diego, PRODUCTION), JOAO).isVisible()).toBe(true);
    await expect.poll(() => cardIn(lane(luana, PRODUCTION), JOAO).isVisible()).toBe(true);
    expect(await cardIn(lane(luana, OPEN), JOAO).count()).toBe(0);
    await screenshot(luana, "kanban-after-keyboard-move");
  });

  it("follows the lane order an admin sets, live", async () => {
    const [luana] = contexts.map((c) => c.pages().at(-1)!) as [Page];
    contexts.push(await newContext({ colorScheme: "dark" }));
    const admin = await openBoard(contexts[2]!, demo.admin);
    await screenshot(admin, "kanban-desktop-dark");
    expect((await laneNames(luana)).slice(0, 3)).toEqual([OPEN, PAYMENT, PRODUCTION]);

    await admin.getByRole("button", { name: "Ordem das colunas" }).click();
    const dialog = admin.getByRole("dialog", { name: "Ordem das colunas" });
    await dialog.getByRole("button", { name: `Mover ${PRODUCTION} para a esquerda` }).click();
    await dialog.getByRole("button", { name: "Salvar ordem" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await laneNames(luana)).slice(0, 3)).toEqual([OPEN, PRODUCTION, PAYMENT]);
  });

  it("loads more of a long lane when it is scrolled to its end", async () => {
    const admin = contexts[2]!.pages().at(-1)!;
    const long = lane(admin, LONG_LANE);
    await long.scrollIntoViewIfNeeded();
    // The count is the lane's, though the board sent only its first page; the oldest card is not in it yet.
    await expect.poll(() => long.locator("[data-lane-count]").innerText()).toBe(String(LONG_LANE_CARDS));
    const scroller = long.locator("[data-lane-scroller]");
    expect(await scroller.getAttribute("data-lane-has-more")).toBe("true");
    expect(await cardIn(long, longLaneContact(1)).count()).toBe(0);
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        return cardIn(long, longLaneContact(1)).isVisible();
      })
      .toBe(true);
    expect(await scroller.getAttribute("data-lane-has-more")).toBeNull();
    expect(await long.locator("[data-lane-count]").innerText()).toBe(String(LONG_LANE_CARDS));
    await screenshot(admin, "kanban-long-lane-scrolled");
  });

  it("opens the chat from 'Ver Ticket'", async () => {
    const [luana] = contexts.map((c) => c.pages().at(-1)!) as [Page];
    await cardIn(luana, RAFAEL).getByRole("link", { name: "Ver Ticket" }).click();
    await luana.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => luana.getByText(RAFAEL).first().isVisible()).toBe(true);
  });

  it("fits a phone, light and dark, with the move menu in reach", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      contexts.push(context);
      const page = await openBoard(context, demo.supervisor);
      // No sideways scroll of the page itself: only the board scrolls from lane to lane.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `kanban-phone-${colorScheme}`);
    }
    const page = contexts.at(-1)!.pages().at(-1)!;
    await cardIn(page, RAFAEL).getByRole("button", { name: /^Mover o ticket/ }).click();
    await page.getByRole("menuitem", { name: OPEN }).click();
    await expect.poll(() => cardIn(lane(page, OPEN), RAFAEL).isVisible()).toBe(true);
  });
});
