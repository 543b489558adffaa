import type { BrowserContext, Page } from "playwright-core";

/** Something the browser refused or complained about on a page of ours. */
export interface Violation {
  page: string;
  kind: "csp" | "console" | "pageerror";
  text: string;
}

/** What Chromium logs when the page's Content-Security-Policy or Permissions-Policy refuses or cannot parse something. */
const POLICY_MESSAGE = /Content Security Policy|Permissions[- ]Policy|Refused to (load|execute|apply|connect|create|frame)/i;

/**
 * Collects, for every page of `context`, the `securitypolicyviolation` events (registered before any script of the
 * page runs), console errors and uncaught page errors. `policy()` answers those about the security policies; `all()`
 * everything, for the failure message.
 */
export async function watchViolations(context: BrowserContext) {
  const seen: Violation[] = [];
  await context.exposeBinding("__reportViolation", ({ page }, text: string) => {
    seen.push({ page: page?.url() ?? "?", kind: "csp", text });
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportViolation?: (text: string) => void }).__reportViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  const watch = (page: Page) => {
    page.on("console", (msg) => {
      if (msg.type() === "error") seen.push({ page: page.url(), kind: "console", text: msg.text() });
    });
    page.on("pageerror", (err) => seen.push({ page: page.url(), kind: "pageerror", text: err.message }));
  };
  context.pages().forEach(watch);
  context.on("page", watch);
  return {
    all: () => [...seen],
    policy: () => seen.filter((v) => v.kind === "csp" || POLICY_MESSAGE.test(v.text)),
    clear: () => void seen.splice(0),
  };
}
