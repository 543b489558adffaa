import type { APIResponse, Page } from "playwright-core";
import { expect } from "vitest";
import { host } from "./api";

/** The API as the page's user (its session cookie); writes carry the page's origin (CSRF). */
export function apiOf(page: Page) {
  const headers = () => ({ origin: new URL(page.url()).origin });
  const json = async (res: APIResponse) => {
    const text = await res.text();
    return { status: res.status(), json: text ? JSON.parse(text) : null };
  };
  return {
    get: async (path: string) => json(await page.request.get(`/api${path}`)),
    post: async (path: string, data?: unknown) => json(await page.request.post(`/api${path}`, { data, headers: headers() })),
    put: async (path: string, data?: unknown) => json(await page.request.put(`/api${path}`, { data, headers: headers() })),
  };
}

/** A company's first queue and simulator number, as its admin (logged in on `page`) makes them; answers once CONNECTED. */
export async function connectSimulatorNumber(page: Page, { queue = "Atendimento", number = "Número da loja" } = {}) {
  const call = apiOf(page);
  const created = await call.post("/queue", { name: queue, color: "#0EA5E9" });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const connection = await call.post("/whatsapp", { name: number, isDefault: true, queueIds: [created.json.id] });
  expect(connection.status, JSON.stringify(connection.json)).toBe(201);
  const connectionId = connection.json.id as number;
  expect((await host("POST", `/simulator/${connectionId}/scan`)).status).toBe(200);
  await expect.poll(async () => (await call.get(`/whatsapp/${connectionId}`)).json.status, { timeout: 15_000 }).toBe("CONNECTED");
  return { queueId: created.json.id as number, connectionId };
}
