import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, demo, fakesUrl, hostUrl } from "./env";

export interface ApiResponse<T = any> {
  status: number;
  json: T;
  headers: Headers;
}

/**
 * A client address of the journey's own (the e2e app trusts the header scripts/e2e.mjs names): the per-address limits
 * (10 signups an hour, sign-in attempts) count per journey, as for customers on their own networks, not for the whole
 * run's 127.0.0.1 (a run of 55 journeys signs more than 10 companies up).
 */
export function ownAddress(): Record<string, string> {
  const header = process.env.E2E_CLIENT_IP_HEADER;
  if (!header) return {};
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return { [header]: `10.${byte()}.${byte()}.${byte()}` };
}

/** The journey's own address for its API calls (one per journey file: each file loads its own modules). */
const journeyAddress = ownAddress();

async function request<T>(url: string, method: string, body?: unknown, token?: string, address: Record<string, string> = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...address };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json, headers: res.headers };
}

/** The app's REST API (/api/…), optionally with a bearer token. */
export const api = <T = any>(method: string, path: string, body?: unknown, token?: string) =>
  request<T>(`${baseUrl()}/api${path}`, method, body, token, journeyAddress);

/** The session host (health, metrics, simulator control). */
export const host = <T = any>(method: string, path: string, body?: unknown) => request<T>(`${hostUrl()}${path}`, method, body);

/** The local fakes: the mail catcher (/mail/api/emails?to=…). */
export const fakes = <T = any>(method: string, path: string, body?: unknown) => request<T>(`${fakesUrl()}${path}`, method, body);

/** The verification code of the newest e-mail the mail catcher got for `to`, once it arrives. */
export async function mailedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await fakes<{ text: string }[]>("GET", `/mail/api/emails?to=${encodeURIComponent(to)}`)).json;
        code = mails.at(-1)?.text.match(/\b(\d{8})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>("POST", "/auth/login", { email, password });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json.token;
}

/**
 * The API as the page's user (its session cookies): logging in again through the API would end the browser's
 * session (one live session per user).
 */
export async function apiAs(page: Page, path: string): Promise<any> {
  const res = await page.request.get(`/api${path}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * Sets one of the demo company's settings for a journey and returns how to put the old value back: journeys share
 * the demo company, and a setting left changed changes what the next one sees (scheduleType "queue" left on made a
 * later journey's new queue closed after 18:00). Each call logs the admin in anew (a browser login in between ends
 * an older token).
 */
export async function changeSetting(key: string, value: string): Promise<() => Promise<void>> {
  const token = await apiLogin(demo.admin, demo.password);
  const listed = await api<{ key: string; value: string }[]>("GET", "/settings", undefined, token);
  expect(listed.status).toBe(200);
  const before = listed.json.find((s) => s.key === key)?.value;
  expect(before, `setting ${key}`).toBeDefined();
  expect((await api("PUT", `/settings/${key}`, { value }, token)).status).toBe(200);
  return async () => {
    const again = await apiLogin(demo.admin, demo.password);
    expect((await api("PUT", `/settings/${key}`, { value: before }, again)).status).toBe(200);
  };
}
