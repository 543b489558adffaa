import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** Luana and Diego (demo agents) share the Entregas queue; Gilberto Rezende's ticket waits there. */
const WAITING_IN_SHARED_QUEUE = "Gilberto Rezende";
/** A demo contact without any ticket. */
const FREE_CONTACT = "Rosana Pacheco";
/** Paulo Henrique Souza's ticket is open with Diego. */
const DIEGOS_CONTACT = "Paulo Henrique Souza";

const waitingTab = (page: Page) => page.getByRole("tab", { name: /^Aguardando/ });
const attendingTab = (page: Page) => page.getByRole("tab", { name: /^Atendendo/ });
const waitingList = (page: Page) => page.getByRole("list", { name: "Aguardando" });
const attendingList = (page: Page) => page.getByRole("list", { name: "Atendendo" });
const badge = async (tab: ReturnType<typeof waitingTab>) => Number((await tab.innerText()).replace(/\D+/g, ""));

async function openInbox(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await login(page, email, demo.password);
  await page.goto("/tickets");
  await waitingTab(page).click();
  await expect.poll(() => waitingList(page).getByRole("link", { name: WAITING_IN_SHARED_QUEUE }).isVisible()).toBe(true);
  return page;
}

describe("journey: two agents of one queue work the inbox together", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("takes a waiting ticket out of the colleague's waiting tab as soon as one agent accepts it", async () => {
    contexts.push(await newContext(), await newContext());
    const luana = await openInbox(contexts[0]!, demo.agents[0]);
    const diego = await openInbox(contexts[1]!, demo.agents[1]);
    const anaWaitingBefore = await badge(waitingTab(luana));

    await diego.getByRole("button", { name: `Aceitar: ${WAITING_IN_SHARED_QUEUE}` }).click();
    await diego.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    // The accepted ticket is Diego's now: his open tab shows it.
    await expect.poll(() => attendingTab(diego).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => attendingList(diego).getByRole("link", { name: WAITING_IN_SHARED_QUEUE }).isVisible()).toBe(true);

    // Luana never reloads: the websocket takes it out of her waiting tab and corrects the count.
    await expect.poll(() => waitingList(luana).getByRole("link", { name: WAITING_IN_SHARED_QUEUE }).count()).toBe(0);
    await expect.poll(() => badge(waitingTab(luana))).toBe(anaWaitingBefore - 1);
    await screenshot(luana, "inbox-list-waiting-after-colleague-accepted");
    await screenshot(diego, "inbox-list-accepted-chat");
  });

  it("opens a ticket for a contact from the new-ticket dialog, and says who has a contact already taken", async () => {
    const luana = await contexts[0]!.newPage();
    await luana.goto("/tickets");
    await luana.getByRole("button", { name: "Novo ticket" }).click();
    const dialog = luana.getByRole("dialog", { name: "Novo ticket" });
    const contactSearch = dialog.getByRole("searchbox", { name: "Contato" });

    // A contact Diego is attending: the dialog names him instead of opening anything.
    await contactSearch.fill(DIEGOS_CONTACT.slice(0, 4));
    await dialog.getByRole("option", { name: new RegExp(DIEGOS_CONTACT) }).click();
    await dialog.getByRole("button", { name: "Abrir ticket" }).click();
    // Luana has two queues: the queue is required (spec: 'Selecione uma fila').
    await expect.poll(() => dialog.getByRole("alert").filter({ hasText: "Selecione uma fila" }).isVisible()).toBe(true);
    await dialog.getByRole("combobox", { name: "Fila" }).click();
    await luana.getByRole("option", { name: "Entregas" }).click();
    await dialog.getByRole("button", { name: "Abrir ticket" }).click();
    await expect.poll(() => dialog.getByRole("alert").filter({ hasText: demo.names.agents[1] }).isVisible()).toBe(true);
    await screenshot(luana, "inbox-list-new-ticket-taken");

    // A contact nobody is talking to: the ticket opens, Luana's, in the chosen queue.
    await dialog.getByRole("button", { name: "Trocar contato" }).click();
    await dialog.getByRole("searchbox", { name: "Contato" }).fill(FREE_CONTACT.slice(0, 3));
    await dialog.getByRole("option", { name: new RegExp(FREE_CONTACT) }).click();
    await dialog.getByRole("button", { name: "Abrir ticket" }).click();
    await luana.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(await luana.getByRole("dialog").count()).toBe(0);
    const row = attendingList(luana).getByRole("link", { name: FREE_CONTACT });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.getAttribute("aria-current")).toBe("page");
    await screenshot(luana, "inbox-list-new-ticket-opened");
  });

  it("shows a renamed tag on the tickets carrying it, and drops a deleted one, without a reload", async () => {
    contexts.push(await newContext());
    const luana = await contexts.at(-1)!.newPage();
    await login(luana, demo.agents[0], demo.password);
    await luana.goto("/tickets");
    // Its own tag on one of Luana's open tickets, whatever earlier journeys did to the seeded ones.
    const anasOpen = await luana.request.get("/api/tickets?status=open");
    expect(anasOpen.status()).toBe(200);
    const ticket = (await anasOpen.json()).tickets[0] as { id: number; contact: { name: string }; tags: { id: number }[] };
    expect(ticket).toBeTruthy();
    const renata = await apiLogin(demo.supervisor, demo.password);
    const created = await api("POST", "/tags", { name: `Retorno ${Date.now() % 100_000}` }, renata);
    expect(created.status).toBe(201);
    const tag = created.json as { id: number; name: string };
    try {
      const sync = await api("POST", "/tags/sync", { ticketId: ticket.id, tags: [...ticket.tags.map((t) => t.id), tag.id] }, renata);
      expect(sync.status).toBe(200);
      const row = attendingList(luana).getByRole("listitem").filter({ hasText: ticket.contact.name });
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(tag.name);

      expect((await api("PUT", `/tags/${tag.id}`, { name: `${tag.name} quente` }, renata)).status).toBe(200);
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(`${tag.name} quente`);

      expect((await api("DELETE", `/tags/${tag.id}`, undefined, renata)).status).toBe(200);
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).not.toContain(tag.name);
    } finally {
      await api("DELETE", `/tags/${tag.id}`, undefined, renata);
    }
  });
});
