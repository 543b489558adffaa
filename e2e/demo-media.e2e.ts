import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const chat = (page: Page) => page.getByTestId("ticket-chat");

describe("journey: the demo's conversations show their pictures, documents and voice notes", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let photoTicket = "";

  beforeAll(async () => {
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
    await login(admin, demo.admin, demo.password);
  });

  afterAll(() => closeBrowser(contexts));

  it("serves every seeded media message from R2 with its type (issue 31: 'Arquivo indisponível')", async () => {
    // Every page of every tab: journeys before this one close tickets, which pushes the seed's off the first page.
    const everyPage = async (status: string) => {
      const all: unknown[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await apiAs(admin, `/tickets?status=${status}&showAll=true&pageNumber=${pageNumber}`);
        all.push(...page.tickets);
        if (!page.hasMore || pageNumber >= 50) return { tickets: all };
      }
    };
    const lists = await Promise.all(["open", "pending", "closed"].map(everyPage));
    const kinds = new Set<string>();
    for (const ticket of lists.flatMap((l) => l.tickets) as { id: number; uuid: string }[]) {
      const { messages } = await apiAs(admin, `/messages/${ticket.id}`);
      for (const m of messages as { wid: string | null; mediaType: string; mediaUrl: string | null }[]) {
        // The seed's lines only (their WhatsApp ids start SEED): journeys before this one send tiny files of their own.
        if (!m.wid?.startsWith("SEED") || !["image", "audio", "application"].includes(m.mediaType)) continue;
        expect(m.mediaUrl, `${m.mediaType} of ticket ${ticket.id}`).toBeTruthy();
        const res = await admin.request.get(m.mediaUrl!);
        expect(res.status()).toBe(200);
        const type = res.headers()["content-type"] ?? "";
        expect(type.split("/")[0]).toBe(m.mediaType === "application" ? "application" : m.mediaType);
        expect((await res.body()).length).toBeGreaterThan(1000);
        kinds.add(m.mediaType);
        if (m.mediaType === "image") photoTicket ||= ticket.uuid;
      }
    }
    expect([...kinds].sort()).toEqual(["application", "audio", "image"]);
  });

  it("draws the contact's photo in the chat", async () => {
    expect(photoTicket).not.toBe("");
    await admin.goto(`/tickets/${photoTicket}`);
    await chat(admin).waitFor();
    const photo = chat(admin).locator("[data-message-id] img").last();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await chat(admin).getByText("Arquivo indisponível").count()).toBe(0);
    await screenshot(admin, "demo-media-photo");
  });
});
