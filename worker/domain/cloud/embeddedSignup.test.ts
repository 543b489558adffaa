import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isSignupMessageOrigin } from "../../contracts/cloudSignup";
import { cloudNumbers } from "../../db/control";
import { whatsappQueues, whatsapps } from "../../db/tenant";
import { fakeGraph, type FakeGraph } from "../../testing/fakeGraph";
import { call, companyWithTeam, control, createQueue, inTenant, testEnv } from "../../testing/fixtures";
import { useFakeService } from "../../testing/useFakeService";
import { embeddedSignupSettings, FACEBOOK_SDK_URL } from "./embeddedSignup";

const GRAPH = "http://graph.test";
const APP = { appId: testEnv.META_APP_ID!, appSecret: testEnv.META_APP_SECRET! };

let graph: FakeGraph;
let seq = 0;
beforeEach(() => {
  graph = fakeGraph({ origin: GRAPH, numbers: [], app: APP });
  useFakeService(GRAPH, (r) => graph.handle(r));
});
afterEach(() => vi.restoreAllMocks());

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
type Flow = ReturnType<FakeGraph["startSignup"]>;

/** The page's call once Facebook's flow has finished: the dialog's settings and what the flow gave. */
const signUp = (token: string, flow: Flow, signup: Record<string, unknown> = { pin: "123456" }, connection: Record<string, unknown> = {}) =>
  call("POST", "/api/whatsapp/cloud/signup", {
    token,
    body: { name: `Oficial ${++seq}`, ...connection, signup: { code: flow.code, phoneNumberId: flow.phoneNumberId, wabaId: flow.wabaId, ...signup } },
  });

const connectionsOf = (team: Team) => inTenant(team.company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.companyId, team.company.id)).all());
const routeOf = (phoneNumberId: string) => control.select().from(cloudNumbers).where(eq(cloudNumbers.phoneNumberId, phoneNumberId)).get();

/** Nothing of the flow stored: no connection in the company, the number not routed. */
async function expectNothingStored(team: Team, flow: Flow) {
  expect(await connectionsOf(team)).toEqual([]);
  expect(await routeOf(flow.phoneNumberId)).toBeUndefined();
}

describe("POST /api/whatsapp/cloud/signup (Embedded Signup)", () => {
  it("exchanges the code, subscribes the app to the business account, registers the number with the PIN, and connects it as the dialog set it", async () => {
    const team = await companyWithTeam();
    const queue = await createQueue(team.company.id);
    const flow = graph.startSignup();
    const res = await signUp(team.admin.token, flow, { pin: "246810" }, { queueIds: [queue.id], greetingMessage: "Olá!" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ channel: "cloud", status: "CONNECTED", number: flow.displayPhoneNumber.replace(/\D/g, ""), greetingMessage: "Olá!", cloud: { phoneNumberId: flow.phoneNumberId, wabaId: flow.wabaId, ownApp: false, error: null } });
    expect(graph.subscribedApps.has(flow.wabaId)).toBe(true);
    expect(graph.registered.get(flow.phoneNumberId)).toBe("246810");
    // Stored as a manual connection is: the business token sealed, never answered; the number routed to this company.
    const token = graph.numbers.get(flow.phoneNumberId)!.accessToken;
    expect(JSON.stringify(res.json)).not.toContain(token);
    const [row] = await connectionsOf(team);
    expect(row!.cloudAccessToken).toMatch(/^v1\./);
    expect(await routeOf(flow.phoneNumberId)).toMatchObject({ companyId: team.company.id, whatsappId: res.json.id, routeKey: null });
    expect(await inTenant(team.company.id, (db) => db.select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, res.json.id)).all())).toHaveLength(1);
  });

  it("does not register a number in coexistence with the WhatsApp Business app, and takes no PIN for it", async () => {
    const team = await companyWithTeam();
    const flow = graph.startSignup({ coexistence: true });
    const res = await signUp(team.admin.token, flow, { coexistence: true });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("CONNECTED");
    expect(graph.subscribedApps.has(flow.wabaId)).toBe(true);
    expect(graph.registered.has(flow.phoneNumberId)).toBe(false);
    const withPin = await signUp(team.admin.token, graph.startSignup({ coexistence: true }), { coexistence: true, pin: "123456" });
    expect(withPin.status).toBe(400);
    expect(withPin.json.fields).toMatchObject({ "signup.pin": expect.any(String) });
  });

  it("refuses a code already used, or one Meta never gave, and stores nothing", async () => {
    const team = await companyWithTeam();
    const flow = graph.startSignup();
    expect((await signUp(team.admin.token, flow)).status).toBe(201);
    const other = await companyWithTeam();
    const again = await signUp(other.admin.token, { ...graph.startSignup(), code: flow.code });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("ERR_WAPP_SIGNUP_CODE");
    const unknown = graph.startSignup();
    const made = await signUp(other.admin.token, { ...unknown, code: "AQ-not-a-code-Meta-gave" });
    expect(made.json.error).toBe("ERR_WAPP_SIGNUP_CODE");
    await expectNothingStored(other, unknown);
    expect(graph.subscribedApps.has(unknown.wabaId)).toBe(false);
  });

  it("refuses when Meta does not take the platform app's secret, or the business account is not the number's, and stores nothing", async () => {
    const team = await companyWithTeam();
    // Meta's app was given another secret than the deployment's: the exchange is refused (100, OAuthException).
    const otherApp = fakeGraph({ origin: GRAPH, numbers: [], app: { ...APP, appSecret: "rotated-app-secret-000000000" } });
    useFakeService(GRAPH, (r) => otherApp.handle(r));
    const refused = otherApp.startSignup();
    const exchange = await signUp(team.admin.token, refused);
    expect(exchange.json).toMatchObject({ error: "ERR_WAPP_SIGNUP_CODE", message: expect.stringContaining("client secret") });
    await expectNothingStored(team, refused);
    vi.restoreAllMocks();
    useFakeService(GRAPH, (r) => graph.handle(r));
    // The token works for the number, not for a business account that is not its own.
    const flow = graph.startSignup();
    const subscribe = await signUp(team.admin.token, { ...flow, wabaId: "299999999999999" });
    expect(subscribe.status).toBe(502);
    expect(subscribe.json.error).toBe("ERR_WAPP_SIGNUP_SUBSCRIBE");
    await expectNothingStored(team, flow);
    expect(graph.registered.has(flow.phoneNumberId)).toBe(false);
  });

  it("refuses when Meta does not register the number (a wrong PIN, or a coexistence number sent to register), and stores nothing", async () => {
    const team = await companyWithTeam();
    const owned = graph.startSignup({ pin: "111111" });
    const wrongPin = await signUp(team.admin.token, owned, { pin: "222222" });
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.json).toMatchObject({ error: "ERR_WAPP_SIGNUP_REGISTER", message: expect.stringContaining("PIN") });
    await expectNothingStored(team, owned);
    // The business account stays subscribed (idempotent): the admin runs the flow again with the right PIN.
    expect(graph.subscribedApps.has(owned.wabaId)).toBe(true);

    const coexisting = graph.startSignup({ coexistence: true });
    const registered = await signUp(team.admin.token, coexisting, { pin: "123456" });
    expect(registered.json.error).toBe("ERR_WAPP_SIGNUP_REGISTER");
    await expectNothingStored(team, coexisting);
  });

  it("checks the connection's own settings before Meta: a name taken is refused without spending the code", async () => {
    const team = await companyWithTeam();
    expect((await signUp(team.admin.token, graph.startSignup(), undefined, { name: "Atendimento" })).status).toBe(201);
    const flow = graph.startSignup();
    const taken = await signUp(team.admin.token, flow, undefined, { name: "Atendimento" });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toBe("ERR_DUPLICATED_WHATSAPP");
    expect(graph.subscribedApps.has(flow.wabaId)).toBe(false);
    expect((await signUp(team.admin.token, flow, undefined, { name: "Vendas" })).status).toBe(201);
  });

  it("is for admins only (403 whatever the body); another company's queue is 404; bad input names its fields", async () => {
    const [a, b] = [await companyWithTeam(), await companyWithTeam()];
    const flow = graph.startSignup();
    for (const lesser of [b.agent, b.supervisor]) {
      const res = await call("POST", "/api/whatsapp/cloud/signup", { token: lesser.token, body: { nonsense: true } });
      expect(res.status).toBe(403);
    }
    const theirQueue = await createQueue(a.company.id);
    const crossing = await signUp(b.admin.token, flow, undefined, { queueIds: [theirQueue.id] });
    expect(crossing.status).toBe(404);
    await expectNothingStored(b, flow);
    const bad = await call("POST", "/api/whatsapp/cloud/signup", { token: b.admin.token, body: { name: "X1", signup: { code: "", phoneNumberId: "abc", wabaId: flow.wabaId, pin: "12" } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(expect.arrayContaining(["signup.code", "signup.phoneNumberId", "signup.pin"]));
    // The flow's code was never spent: the admin of b still connects it.
    expect((await signUp(b.admin.token, flow)).status).toBe(201);
    expect(await connectionsOf(a)).toEqual([]);
  });

  it("refuses a number another company has connected already", async () => {
    const [a, b] = [await companyWithTeam(), await companyWithTeam()];
    const flow = graph.startSignup();
    expect((await signUp(a.admin.token, flow)).status).toBe(201);
    const again = await signUp(b.admin.token, { ...graph.startSignup(), phoneNumberId: flow.phoneNumberId });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_DUPLICATED_WHATSAPP");
    expect(await connectionsOf(b)).toEqual([]);
  });
});

describe("Embedded Signup's settings", () => {
  it("are offered only with the app id, the login configuration and the app secret", () => {
    expect(embeddedSignupSettings(testEnv)).toEqual({ appId: APP.appId, configId: testEnv.META_CONFIG_ID, sdkUrl: FACEBOOK_SDK_URL, graphVersion: "v23.0" });
    expect(embeddedSignupSettings({ ...testEnv, META_CONFIG_ID: undefined })).toBeNull();
    expect(embeddedSignupSettings({ ...testEnv, META_APP_SECRET: undefined })).toBeNull();
  });

  it("listen to Facebook's session info only from facebook.com, or from the SDK's own origin when it is not Meta's", () => {
    const meta = { sdkUrl: FACEBOOK_SDK_URL };
    expect(isSignupMessageOrigin("https://www.facebook.com", meta)).toBe(true);
    expect(isSignupMessageOrigin("https://web.facebook.com", meta)).toBe(true);
    for (const origin of ["https://evilfacebook.com", "http://www.facebook.com", "https://facebook.com.evil.test", "https://connect.facebook.net", "null"]) {
      expect(isSignupMessageOrigin(origin, meta)).toBe(false);
    }
    const fake = { sdkUrl: "http://127.0.0.1:8789/facebook/sdk.js" };
    expect(isSignupMessageOrigin("http://127.0.0.1:8789", fake)).toBe(true);
    expect(isSignupMessageOrigin("http://127.0.0.1:8790", fake)).toBe(false);
  });
});
