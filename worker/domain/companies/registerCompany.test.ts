import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { companies, invoices } from "../../db/control";
import { settings, users } from "../../db/tenant";
import { addDaysToDate } from "../../lib/time";
import { TURNSTILE_TEST_KEYS } from "../../testing/fakes/turnstile";
import { useFakeTurnstile } from "../../testing/fakeTurnstile";
import { callInProcess, control, createPlan, inTenant, loginAs, platformAdmin, setSetting } from "../../testing/fixtures";
import { todayIn } from "../auth/companyAccess";

let seq = 0;
const ip = () => `10.8.${Date.now() % 250}.${++seq}`;
const uniq = () => `${Date.now().toString(36)}${++seq}`;
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
});

let publicPlan: { id: number };
let internalPlan: { id: number };
beforeAll(async () => {
  await platformAdmin();
  await setSetting(1, "allowregister", "enabled");
  await setSetting(1, "trial", "5");
  publicPlan = await createPlan({ useInternal: true, value: 149 });
  internalPlan = await createPlan({ useInternal: false, value: 0 });
});

const body = (over: Record<string, unknown> = {}) => {
  const id = uniq();
  return { name: `Loja ${id}`, email: `dono-${id}@test.dev`, phone: "(11) 98765-4321", password: "Segredo1", planId: publicPlan.id, ...over };
};
const signup = (b: Record<string, unknown>, from = ip()) => callInProcess("POST", "/api/companies/cadastro", { body: b, ip: from });
const companyNamed = (name: string) => control.select().from(companies).where(eq(companies.name, name)).get();

describe("POST /api/companies/cadastro", () => {
  it("creates the company on a trial the server decides, with its admin and default settings, and the admin logs in", async () => {
    const b = body();
    const res = await signup(b);
    expect(res.status).toBe(201);
    const expectedDue = addDaysToDate(todayIn("America/Sao_Paulo"), 5);
    expect(res.json).toMatchObject({ name: b.name, email: b.email, dueDate: expectedDue, recurrence: "MENSAL", trialDays: 5 });
    const company = (await companyNamed(b.name as string))!;
    expect(company).toMatchObject({ planId: publicPlan.id, status: true, dueDate: expectedDue, recurrence: "MENSAL", campaignsEnabled: true, phone: "11987654321" });
    expect(company.trialExpiration!.getTime()).toBeGreaterThan(Date.now() + 4.9 * 86_400_000);
    const [admin] = await inTenant(company.id, (db) => db.select().from(users).where(eq(users.companyId, company.id)).all());
    expect(admin).toMatchObject({ email: b.email, profile: "admin", super: false });
    expect((await inTenant(company.id, (db) => db.select().from(settings).all())).length).toBeGreaterThan(5);
    expect(await loginAs(b.email as string, "Segredo1")).toBeTruthy();
    // The trial's end is billed at once (the plan's value, due when the trial ends).
    const bills = await control.select().from(invoices).where(eq(invoices.companyId, company.id)).all();
    expect(bills).toEqual([expect.objectContaining({ value: 149, dueDate: expectedDue, status: "open" })]);
  });

  it("makes the person who signed up the first admin, by their own name (the company's name when the body has none)", async () => {
    const named = body({ ownerName: "Helena Prado" });
    expect((await signup(named)).status).toBe(201);
    const withOwner = (await companyNamed(named.name as string))!;
    const [owner] = await inTenant(withOwner.id, (db) => db.select().from(users).where(eq(users.companyId, withOwner.id)).all());
    expect(owner).toMatchObject({ name: "Helena Prado", email: named.email, profile: "admin" });

    const unnamed = body();
    expect((await signup(unnamed)).status).toBe(201);
    const without = (await companyNamed(unnamed.name as string))!;
    const [admin] = await inTenant(without.id, (db) => db.select().from(users).where(eq(users.companyId, without.id)).all());
    expect(admin!.name).toBe(unnamed.name);
    expect((await signup(body({ ownerName: "H" }))).json).toMatchObject({ error: "ERR_VALIDATION", fields: { ownerName: "Too Short!" } });
  });

  it("ignores a price, due date, status or recurrence in the body", async () => {
    const b = body({ value: 0, price: 0, dueDate: "2099-12-31", status: false, recurrence: "ANUAL", campaignsEnabled: false, trialExpiration: "2099-01-01" });
    expect((await signup(b)).status).toBe(201);
    const company = (await companyNamed(b.name as string))!;
    expect(company.dueDate).toBe(addDaysToDate(todayIn("America/Sao_Paulo"), 5));
    expect(company).toMatchObject({ status: true, recurrence: "MENSAL", campaignsEnabled: true });
  });

  it("refuses a plan that is not offered publicly, and creates nothing", async () => {
    const b = body({ planId: internalPlan.id });
    const res = await signup(b);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { planId: expect.any(String) } });
    expect(await companyNamed(b.name as string)).toBeUndefined();
  });

  it("validates the fields with the spec's messages", async () => {
    const res = await signup({ name: "A", email: "x", password: "123", planId: "" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ name: "Too Short!", email: "Invalid email", password: "At least 8 characters with an uppercase letter, a lowercase letter and a digit" });
  });

  it("answers ERR_EMAIL_IN_USE for an e-mail used anywhere, and leaves no company behind", async () => {
    const first = body();
    expect((await signup(first)).status).toBe(201);
    const again = body({ email: first.email });
    const res = await signup(again);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_EMAIL_IN_USE");
    expect(await companyNamed(again.name as string)).toBeUndefined();
  });

  it("is closed while allowregister is not enabled", async () => {
    await setSetting(1, "allowregister", "disabled");
    try {
      const b = body();
      const res = await signup(b);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe("ERR_REGISTER_DISABLED");
      expect(await companyNamed(b.name as string)).toBeUndefined();
    } finally {
      await setSetting(1, "allowregister", "enabled");
    }
  });

  it("limits signups per address", async () => {
    const email = `limit-${uniq()}@test.dev`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signup(body({ email }))).status);
    expect(statuses).toEqual([201, 409, 409, 429]);
  });

  describe("with Turnstile configured (its documented test keys)", () => {
    it("accepts a token the always-passing key vouches for", async () => {
      undo = useFakeTurnstile(TURNSTILE_TEST_KEYS.secretAlwaysPasses);
      expect((await signup(body({ turnstileToken: TURNSTILE_TEST_KEYS.dummyToken }))).status).toBe(201);
    });

    it("refuses a signup without a token, or one Turnstile rejects, and creates nothing", async () => {
      undo = useFakeTurnstile(TURNSTILE_TEST_KEYS.secretAlwaysPasses);
      const none = body();
      expect((await signup(none)).json.error).toBe("ERR_CAPTCHA_FAILED");
      undo();
      undo = useFakeTurnstile(TURNSTILE_TEST_KEYS.secretAlwaysFails);
      const rejected = body({ turnstileToken: TURNSTILE_TEST_KEYS.dummyToken });
      const res = await signup(rejected);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("ERR_CAPTCHA_FAILED");
      expect(await companyNamed(none.name as string)).toBeUndefined();
      expect(await companyNamed(rejected.name as string)).toBeUndefined();
    });
  });
});
