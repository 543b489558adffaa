import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, newContext } from "./support/browser";
import { baseUrl, demo, hostUrl } from "./support/env";

describe("journey: another site's page tries to log a visitor in (login CSRF) and is refused", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newContext();
  });

  afterAll(async () => {
    await closeBrowser([context]);
  });

  /** A page of another origin (the session host's) that submits a form to us, as an attacker's page would. */
  async function submitFromElsewhere(form: { action: string; enctype: string; fields: [string, string][] }) {
    const page = await context.newPage();
    await page.goto(`${hostUrl()}/simulator`);
    const response = page.waitForResponse((res) => res.url().startsWith(baseUrl()));
    await page.evaluate((f) => {
      const el = document.createElement("form");
      el.method = "post";
      el.action = f.action;
      el.enctype = f.enctype;
      for (const [name, value] of f.fields) {
        const input = document.createElement("input");
        input.name = name;
        input.value = value;
        el.appendChild(input);
      }
      document.body.appendChild(el);
      el.submit();
    }, form);
    return (await response).status();
  }

  it("refuses the login page's form and the API's text/plain JSON trick, and no session cookie is set", async () => {
    const pageForm = await submitFromElsewhere({
      action: `${baseUrl()}/login`,
      enctype: "application/x-www-form-urlencoded",
      fields: [
        ["email", demo.admin],
        ["password", demo.password],
      ],
    });
    expect(pageForm).toBe(403);
    // name={"email":"…","password":"…","x":"  value=" }  → the body reads as JSON.
    const apiForm = await submitFromElsewhere({
      action: `${baseUrl()}/api/auth/login`,
      enctype: "text/plain",
      fields: [[`{"email":"${demo.admin}","password":"${demo.password}","x":"`, `"}`]],
    });
    expect(apiForm).toBe(403);
    expect(await context.cookies(baseUrl())).toEqual([]);
  });

  it("answers a broken multipart form on the login page with 400, not 500", async () => {
    const res = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      headers: { origin: baseUrl(), "content-type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken',
    });
    expect(res.status).toBe(400);
  });
});
