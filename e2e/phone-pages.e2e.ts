import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { demo, platform } from "./support/env";

const PHONE = { width: 390, height: 844 };
/** A finger's target (WCAG 2.5.5; Apple's and Google's guidelines say 44 and 48). */
const FINGER = 44;
const ADMIN_PAGES = [
  "/", "/tickets", "/kanban", "/todolist", "/contacts", "/contact-lists", "/quick-messages", "/schedules", "/tags", "/chats",
  "/helps", "/reports", "/connections", "/queues", "/users", "/messages-api", "/api-tokens", "/webhooks", "/automations",
  "/macros", "/prompts", "/queue-integration", "/files", "/campaigns", "/campaigns-config", "/financeiro", "/settings",
];
const PLATFORM_PAGES = ["/announcements", "/settings", "/subscription"];
const SIGNED_OUT_PAGES = ["/login", "/signup", "/forgetpsw"];

interface Finding {
  where: string;
  /** How far the page scrolls sideways, in px (0: not at all). */
  overflow: number;
  /** The controls a finger must hit that are under 44 px either way: what, and how big. */
  small: string[];
}

/** Measures what is on screen now (within `scope`, or the whole page): sideways scroll and small controls. */
async function measure(page: Page, where: string, scope?: Locator): Promise<Finding> {
  await page.waitForTimeout(400);
  const root = scope ? await scope.elementHandle() : null;
  return page.evaluate(
    ({ where, finger, root }) => {
      const doc = document.scrollingElement!;
      const overflow = doc.scrollWidth - doc.clientWidth;
      const small: string[] = [];
      const selector =
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"], summary';
      for (const el of (root ?? document).querySelectorAll<HTMLElement>(selector)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom <= 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.display === "none") continue;
        // Visually hidden (a skip link until focused, a native select behind its custom one), or out of reach.
        if ((style.clip !== "auto" && style.clip !== "") || style.clipPath.startsWith("inset(50%") || (r.width <= 1 && r.height <= 1) || el.closest('[aria-hidden="true"], [inert]')) continue;
        if (el.matches(":disabled")) continue;
        // A link inside a sentence is exempt (WCAG 2.5.8's inline exception): its line sets its height.
        const own = el.textContent?.trim().length ?? 0;
        if (el.tagName === "A" && style.display === "inline" && (el.parentElement?.textContent?.trim().length ?? 0) > own + 3) continue;
        // A checkbox or radio is hit through its label too.
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        // A stretched link (its ::after laid over its row, TicketRow) is hit anywhere on the row.
        const stretched = getComputedStyle(el, "::after").position === "absolute" && el.offsetParent ? el.offsetParent.getBoundingClientRect() : null;
        const target = label ? label.getBoundingClientRect() : (stretched ?? r);
        const width = Math.max(r.width, target.width);
        const height = Math.max(r.height, target.height);
        if (height < finger - 0.5 || width < finger - 0.5) {
          const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || el.tagName).trim().replace(/\s+/g, " ").slice(0, 30);
          small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(width)}x${Math.round(height)}`);
        }
      }
      return { where, overflow, small };
    },
    { where, finger: FINGER, root },
  );
}

async function visit(page: Page, path: string): Promise<Finding> {
  await page.goto(path);
  await hydrated(page);
  return measure(page, path);
}

function report(findings: Finding[]) {
  for (const f of findings) if (f.overflow > 0 || f.small.length) console.log(`${f.where}: scrolls ${f.overflow}px sideways; under ${FINGER}px: ${f.small.join("; ")}`);
  expect(findings.filter((f) => f.overflow > 0 || f.small.length > 0)).toEqual([]);
}

describe.each(["light", "dark"] as const)("check: every page at phone width, nothing scrolls sideways and every control fits a finger (%s)", (colorScheme) => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  async function phone(): Promise<Page> {
    const context = await newContext({ viewport: PHONE, colorScheme });
    contexts.push(context);
    return context.newPage();
  }

  it("on the signed-out pages", async () => {
    const page = await phone();
    const findings: Finding[] = [];
    for (const path of SIGNED_OUT_PAGES) findings.push(await visit(page, path));
    report(findings);
  });

  it("on every page of a company's admin", async () => {
    const page = await phone();
    await login(page, demo.admin, demo.password);
    const findings: Finding[] = [];
    for (const path of ADMIN_PAGES) findings.push(await visit(page, path));
    report(findings);
  });

  it("through an agent's day: the list, the chat and its composer, the contact's data and a transfer", async () => {
    const page = await phone();
    await login(page, demo.agents[0], demo.password);
    const findings = [await visit(page, "/tickets")];
    const rows = page.getByRole("list", { name: "Atendendo" }).getByRole("listitem");
    await rows.first().getByRole("link").first().click();
    const chat = page.getByTestId("ticket-chat");
    await chat.getByRole("textbox", { name: "Digite uma mensagem" }).waitFor();
    findings.push(await measure(page, "the chat"));
    await screenshot(page, `phone-check-chat-${colorScheme}`);

    await chat.locator("header").getByRole("button", { name: /^Dados de / }).click();
    const drawer = page.getByRole("complementary", { name: "Dados do contato" });
    await drawer.waitFor();
    findings.push(await measure(page, "the contact drawer", drawer));
    await screenshot(page, `phone-check-drawer-${colorScheme}`);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });

    // On a phone, transferring is in the ticket's options menu (the contact's name keeps the header's room).
    await chat.getByRole("button", { name: "Opções do ticket" }).click();
    findings.push(await measure(page, "the ticket's options", page.getByRole("menu")));
    await page.getByRole("menuitem", { name: "Transferir" }).click();
    const transfer = page.getByRole("dialog", { name: "Transferir ticket" });
    await transfer.waitFor();
    findings.push(await measure(page, "the transfer dialog", transfer));
    await screenshot(page, `phone-check-transfer-${colorScheme}`);
    await page.keyboard.press("Escape");
    report(findings);
  });

  it("on the platform's own pages", async () => {
    const page = await phone();
    await login(page, platform.admin, platform.password);
    const findings: Finding[] = [];
    for (const path of PLATFORM_PAGES) findings.push(await visit(page, path));
    report(findings);
  });
});
