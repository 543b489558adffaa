import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { baseUrl } from "./env";

/** Flags Debian's Chromium needs here (STACK.md). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const SCREENSHOT_DIR = path.resolve("test-results", "screenshots");

let browser: Promise<Browser> | undefined;

/**
 * One Chromium per test file, launched on first use. playwright's launch() gives every launch a fresh, temporary
 * --user-data-dir of its own (and refuses one passed in args), deleted when the browser closes.
 */
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return browser;
}

/** How long a teardown waits for Chromium to close before the file goes on without it (the run's end reaps it). */
const CLOSE_LIMIT_MS = 15_000;

/**
 * Closes the file's Chromium (its contexts with it). Once in a run (CI, 2026-11-24) a context's close hung past the
 * 120 s hook limit after every test of its file had passed; a teardown is not what a journey checks, so it is
 * bounded and reported instead.
 */
export async function closeBrowser(contexts: BrowserContext[] = []): Promise<void> {
  const b = browser && (await browser.catch(() => undefined));
  browser = undefined;
  const closing = (async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await b?.close();
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), CLOSE_LIMIT_MS)));
  const outcome = await Promise.race([closing, limit]);
  clearTimeout(timer);
  if (outcome === "late") console.warn(`e2e: Chromium did not close within ${CLOSE_LIMIT_MS / 1000} s; going on without it`);
}

/** The looks a page is shown in besides the default (desktop, light): for a journey's screenshots. */
export const OTHER_LOOKS = [
  ["desktop-dark", { colorScheme: "dark" as const }],
  ["phone-light", { viewport: { width: 390, height: 844 } }],
  ["phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
] as const;

export interface ContextOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
  locale?: string;
  /** The browser's own time zone (the app shows the company's; issue 31 §3). */
  timezoneId?: string;
}

/** A fresh browser context (own cookies and storage) pointed at the app. Desktop, light, pt-BR by default. */
export async function newContext({ viewport = { width: 1280, height: 800 }, colorScheme = "light", locale = "pt-BR", timezoneId }: ContextOptions = {}): Promise<BrowserContext> {
  const context = await (await getBrowser()).newContext({ baseURL: baseUrl(), viewport, colorScheme, locale, ...(timezoneId ? { timezoneId } : {}) });
  context.setDefaultTimeout(15_000);
  return context;
}

export const emailInput = (page: Page) => page.locator('input[type="email"], input[name="email"]').first();
export const passwordInput = (page: Page) => page.locator('input[type="password"]').first();

/** Logs in through the login page and waits until the app leaves /login. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await emailInput(page).fill(email);
  await passwordInput(page).fill(password);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await hydrated(page);
}

/**
 * Waits until the page's React has hydrated: a server-rendered page shows its buttons before they do anything, and
 * a click then is lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Saves a full-page screenshot as test-results/screenshots/<name>.png and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  // A long page's full-height capture on a loaded machine can take longer than playwright's default: it is a record
  // to look at, not a check of speed.
  await page.screenshot({ path: file, fullPage: true, timeout: 60_000 });
  return file;
}

/**
 * A screenshot (as `screenshot`) also copied into `folder` (a task's /work/shots/<name>), where that folder can be
 * written: the journey does not depend on it.
 */
export async function screenshotInto(page: Page, name: string, folder: string): Promise<string> {
  const file = await screenshot(page, name);
  try {
    mkdirSync(folder, { recursive: true });
    copyFileSync(file, path.join(folder, path.basename(file)));
  } catch {
    // not writable here
  }
  return file;
}
