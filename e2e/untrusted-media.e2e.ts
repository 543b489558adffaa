import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, host } from "./support/api";
import { closeBrowser, login, newContext } from "./support/browser";
import { demo } from "./support/env";

/** A number that is not in the demo. */
const CONTACT = "5511987123777";
const CONTACT_NAME = "Paulo Anexo";
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * What a hostile contact's page would do with the agent's session if it ran in our origin: leave a mark in the
 * app's storage, rename the tab, read the session and write through the API as the agent.
 */
const SCRIPT = `
  localStorage.setItem("pwned", "storage");
  document.title = "pwned";
  fetch("/api/auth/me").then((r) => r.ok && localStorage.setItem("pwned", "session"));
  fetch("/api/quick-messages", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ shortcode: "pwned", message: "pwned" }) });
`;
const HOSTILE = [
  { mimetype: "text/html", filename: "fatura.html", text: `<!doctype html><title>Fatura</title><script>${SCRIPT}</script>` },
  { mimetype: "image/svg+xml", filename: "logo.svg", text: `<svg xmlns="http://www.w3.org/2000/svg"><script>${SCRIPT}</script></svg>` },
];

async function contactSends(media: { mimetype: string; filename: string; base64: string }) {
  const res = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: CONTACT, name: CONTACT_NAME, media });
  expect(res.status).toBe(200);
}

/** The media URL of the contact's message carrying `filename`, once it has arrived. */
async function mediaUrlOf(page: Page, filename: string): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(
      async () => {
        const { tickets } = await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(CONTACT_NAME)}`);
        if (!tickets[0]) return undefined;
        const { messages } = await apiAs(page, `/messages/${tickets[0].id}`);
        url = messages.find((m: { mediaName: string | null }) => m.mediaName === filename)?.mediaUrl;
        return url;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBeTruthy();
  return url!;
}

describe("journey: a contact sends files with scripts; the agent opens them and nothing runs in the app's origin", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;

  beforeAll(async () => {
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, demo.admin, demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it.each(HOSTILE)("downloads the contact's $mimetype file instead of opening it, and its script never runs", async (file) => {
    await contactSends({ mimetype: file.mimetype, filename: file.filename, base64: Buffer.from(file.text).toString("base64") });
    const url = await mediaUrlOf(page, file.filename);

    await page.goto("/tickets");
    const title = await page.title();
    const download = page.waitForEvent("download", { timeout: 10_000 }).catch(() => null);
    const opened = await page.goto(url).then(
      () => "opened as a page",
      (err: Error) => err.message,
    );
    // Time for the script's requests, had it run; then back on the app to look for its marks.
    await page.waitForTimeout(500);
    const titleAfter = await page.title();
    await page.goto("/tickets");
    expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
    expect((await apiAs(page, "/quick-messages?searchParam=pwned")).records).toEqual([]);
    // (The unread count in front of the title may arrive meanwhile: it is not the file's doing.)
    const withoutCount = (text: string) => text.replace(/^\(\d+\) /, "");
    expect(withoutCount(titleAfter)).toBe(withoutCount(title));
    // It was a download, not a page: the navigation ended there and the tab stayed on the app.
    expect(opened).toMatch(/Download is starting|ERR_ABORTED/);
    expect((await download)?.suggestedFilename()).toBe(file.filename);

    const res = await page.request.get(url);
    expect(res.headers()).toMatchObject({
      "content-type": "application/octet-stream",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
    });
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; /);
  });

  it("shows the contact's real picture inline when opened, sandboxed in an origin of its own", async () => {
    await contactSends({ mimetype: "image/png", filename: "foto.png", base64: PNG_BASE64 });
    const url = await mediaUrlOf(page, "foto.png");
    const res = await page.goto(url);
    expect(res!.headers()).toMatchObject({
      "content-type": "image/png",
      "content-length": String(Buffer.from(PNG_BASE64, "base64").length),
      "content-security-policy": "sandbox; default-src 'none'",
    });
    expect(await page.evaluate(() => (document.querySelector("img") as HTMLImageElement | null)?.naturalWidth)).toBe(1);
    // The sandbox gives the document an opaque origin: no access to the app's storage.
    expect(await page.evaluate(() => origin)).toBe("null");
  });
});
