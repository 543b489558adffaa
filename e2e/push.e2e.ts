import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBase64Url } from "../worker/lib/crypto";
import { decryptPayload, generateKeyPair, verifyVapid } from "../worker/lib/webPush";
import { host } from "./support/api";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { closeBrowser, hydrated, newContext, screenshot } from "./support/browser";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 29 §2), in Chromium: an admin of a company that signed up grants notifications and turns them on
 * in the profile dialog; the subscription is stored through the UI; the worker's pushes (the test button, then a
 * contact's message while no tab is open) reach a push service that checks the VAPID signature and decrypts the
 * payload as a browser would; the service worker shows that payload as a notification (delivered through CDP
 * ServiceWorker.deliverPushMessage) and a tap takes the tab to the ticket.
 *
 * What is not proven here: Chromium's own push service (FCM). This machine has no route to it, so the page's
 * PushManager is given a subscription at this journey's push service (its endpoint and the device's keys, made here);
 * the first test records what Chromium's real subscribe answered. The tap is a notificationclick event dispatched
 * in the service worker (CDP cannot click a system notification), so the browser's own click path and
 * clients.openWindow (no tab open) are not driven.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Aviso", company: `Loja do Sino ${stamp}`, email: `push-${stamp}@sino.test`, password: "Sino-1234" };
const contact = { number: `55119871${(Date.now() % 100000).toString().padStart(5, "0")}`, name: "Beto Notificado" };

type Received = { endpoint: string; notification: { kind: string; title: string; body: string; url: string; tag?: string }; vapid: string };

const contexts: BrowserContext[] = [];
let context: BrowserContext;
let page: Page;
let server: Server;
let pushOrigin = "";
let publicKey = "";
let device: { endpoint: string; keys: { p256dh: string; auth: string }; privateKey: string };
const received: Received[] = [];
const refused: string[] = [];
let connectionId = 0;
let ticket: { id: number; uuid: string };

/** The push service of this journey: checks the VAPID JWT (this origin, the app's key), opens the payload with the device's keys. */
async function startPushService() {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const endpoint = `${pushOrigin}${req.url}`;
      const check = await verifyVapid(req.headers.authorization ?? null, { publicKey, audience: pushOrigin });
      if (!check.ok) {
        refused.push(check.reason);
        res.writeHead(403).end(check.reason);
        return;
      }
      if (endpoint !== device?.endpoint || req.headers["content-encoding"] !== "aes128gcm") {
        res.writeHead(410).end();
        return;
      }
      try {
        const plain = await decryptPayload(new Uint8Array(Buffer.concat(chunks)), { ...device.keys, privateKey: device.privateKey });
        received.push({ endpoint, notification: JSON.parse(new TextDecoder().decode(plain)), vapid: "verified" });
        res.writeHead(201).end();
      } catch (err) {
        refused.push(`does not decrypt: ${String(err)}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_JOURNEY_FAKE_PORT) || 0, "127.0.0.1", resolve));
  pushOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await allowSignups();
  await startPushService();
  const pair = await generateKeyPair();
  device = {
    endpoint: `${pushOrigin}/send/${crypto.randomUUID()}`,
    keys: { p256dh: pair.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  };
});

afterAll(async () => {
  await closeBrowser(contexts);
  await new Promise((resolve) => server?.close(resolve));
});

describe("journey: an agent turns notifications on and a push shows and opens the ticket", () => {
  it("signs a company up, with a simulator number and a ticket of the admin's", async () => {
    context = await newContext();
    contexts.push(context);
    await context.grantPermissions(["notifications"]);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    ({ connectionId } = await connectSimulatorNumber(page));
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: "Olá, tem horário?" })).status).toBe(200);
    const call = apiOf(page);
    let found: { id: number; uuid: string } | undefined;
    await expect
      .poll(async () => {
        found = ((await call.get("/tickets?status=pending&showAll=true")).json?.tickets ?? []).find((t: { contact: { name: string } }) => t.contact.name === contact.name);
        return !!found;
      }, { timeout: 15_000 })
      .toBe(true);
    ticket = found!;
    const me = (await call.get("/auth/me")).json;
    expect((await call.put(`/tickets/${ticket.id}`, { status: "open", userId: me.id })).status).toBe(200);
    publicKey = (await call.get("/push/public-key")).json.publicKey;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it("records what Chromium's own push service answers here", async () => {
    await page.goto("/tickets");
    await hydrated(page);
    const outcome = await page.evaluate(async (key) => {
      const registration = await navigator.serviceWorker.ready;
      const bytes = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(key.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
      try {
        const s = await Promise.race([
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer in 10 s")), 10_000)),
        ]);
        const endpoint = s.endpoint;
        await s.unsubscribe();
        return `subscribed at ${new URL(endpoint).origin}`;
      } catch (err) {
        return `refused: ${String(err)}`;
      }
    }, publicKey);
    console.log(`[push] Chromium's own PushManager.subscribe here: ${outcome}`);
    expect(outcome).toBeTruthy();
  });

  it("turns notifications on in the profile dialog: the device's subscription is stored", async () => {
    // From here the page's PushManager subscribes at this journey's push service (see the journey's comment).
    await context.addInitScript(({ endpoint, p256dh, auth }) => {
      const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(s.length / 4) * 4, "=")), (c) => c.charCodeAt(0)).buffer;
      let current: unknown = null;
      const make = () => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: (name: string) => bytes(name === "p256dh" ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        current = make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    }, { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Minha conta" }).first().click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    const dialog = page.getByRole("dialog");
    const toggle = dialog.getByRole("switch", { name: "Notificações neste aparelho" });
    await toggle.waitFor();
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await toggle.click();
    await page.getByText("Notificações ativadas neste aparelho").first().waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    const settings = (await apiOf(page).get("/push")).json;
    expect(settings.devices).toHaveLength(1);
    expect(settings.devices[0]).toMatchObject({ endpointOrigin: pushOrigin });
    await screenshot(page, "push-01-profile-on-desktop-light");

    // The test button: the worker's queue encrypts for this device and signs with its VAPID key.
    await dialog.getByRole("button", { name: "Enviar um teste" }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(refused).toEqual([]);
    expect(received[0]!.notification).toMatchObject({ kind: "test", url: "/tickets" });
    await page.keyboard.press("Escape");
  });

  it("pushes the contact's message when no tab of the user is open, with the ticket's address", async () => {
    await page.close();
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: "Pode me ligar?" })).status).toBe(200);
    await expect.poll(() => received.filter((r) => r.notification.kind === "message").length, { timeout: 30_000 }).toBe(1);
    const message = received.find((r) => r.notification.kind === "message")!.notification;
    expect(message.url).toBe(`/tickets/${ticket.uuid}`);
    expect(message.body).toContain("Pode me ligar?");
    expect(refused).toEqual([]);
  });

  it("shows that payload as a notification from the service worker, and a tap takes the tab to the ticket", async () => {
    page = await context.newPage();
    await page.goto("/tickets");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      for (const r of e.registrations) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");
    const origin = new URL(page.url()).origin;
    await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
    const payload = received.find((r) => r.notification.kind === "message")!.notification;
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registrations.get(`${origin}/`)!, data: JSON.stringify(payload) });
    const shown = async () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    expect((await shown())[0]).toMatchObject({ title: payload.title, body: payload.body, data: { url: payload.url, kind: "message" } });

    const worker = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js"));
    expect(worker).toBeTruthy();
    await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventCtor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event & { waitUntil(p: Promise<unknown>): void } }).NotificationEvent;
      const event = new NotificationEventCtor("notificationclick", { notification: notification! });
      let done: Promise<unknown> = Promise.resolve();
      event.waitUntil = (p: Promise<unknown>) => void (done = p);
      scope.dispatchEvent(event);
      await done;
    });
    await page.waitForURL((url) => url.pathname === `/tickets/${ticket.uuid}`);
    await page.getByTestId("ticket-chat").getByText("Pode me ligar?").waitFor();
    expect(await shown()).toEqual([]);
    await screenshot(page, "push-02-tapped-ticket-desktop-light");
    await cdp.detach();
  });
});
