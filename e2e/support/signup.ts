import type { Page } from "playwright-core";
import { expect } from "vitest";
import { api, apiLogin, ownAddress } from "./api";
import { hydrated } from "./browser";
import { baseUrl, platform } from "./env";

export { ownAddress };

export interface Owner {
  name: string;
  company: string;
  email: string;
  password: string;
}

/**
 * A company signs up on /signup as a customer does, on a plan with room for a queue and a connection; answers once its
 * admin (logged in on `page`) sees the inbox. The platform must allow signups (settings viewregister, allowregister).
 */
export async function signUpThroughPage(page: Page, owner: Owner): Promise<void> {
  await page.setExtraHTTPHeaders(ownAddress());
  const plans = (await api<{ id: number; queues: number; connections: number }[]>("GET", "/plans/list")).json;
  const plan = plans.find((p) => p.queues >= 1 && p.connections >= 1);
  expect(plan, JSON.stringify(plans)).toBeTruthy();
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Seu nome").fill(owner.name);
  await page.getByLabel("Nome da empresa").fill(owner.company);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Senha", { exact: true }).fill(owner.password);
  await page.locator(`input[name="planId"][value="${plan!.id}"]`).check();
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await landsInInbox(page, 30_000);
}

/**
 * Waits for a signup to land in the inbox; when it does not, fails with where the browser is and what the page says
 * (the form's error, the login page), not only "timed out".
 */
export async function landsInInbox(page: Page, timeout: number): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname.startsWith("/tickets"), { timeout });
  } catch (err) {
    const said = await page.locator("body").innerText().catch(() => "(no text)");
    throw new Error(`the signup did not land in the inbox: the browser is on ${page.url()}, showing: ${said.slice(0, 600)}`, { cause: err });
  }
  await hydrated(page);
}

/** POST /companies/cadastro as a customer's own browser would send it (from an address of the journey's own). */
export async function signUpThroughApi(body: Record<string, unknown>): Promise<{ status: number; json: { id?: number; error?: string } | null }> {
  const res = await fetch(`${baseUrl()}/api/companies/cadastro`, { method: "POST", headers: { "content-type": "application/json", ...ownAddress() }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => null)) as { id?: number; error?: string } | null };
}

/** The platform lets companies sign up (its admin's settings viewregister and allowregister). */
export async function allowSignups(): Promise<void> {
  const platformAdmin = await apiLogin(platform.admin, platform.password);
  for (const key of ["viewregister", "allowregister"]) {
    expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, platformAdmin)).status).toBe(200);
  }
}
