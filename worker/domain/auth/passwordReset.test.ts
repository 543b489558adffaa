import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailJob } from "../../contracts/outbound";
import { passwordResets } from "../../db/control";
import { handleOutboundBatch } from "../../jobs/outbound";
import { sendOrQueueEmail } from "../../jobs/email";
import { createWorker } from "../../server";
import { codeSentTo, useFakeMail } from "../../testing/fakeMail";
import { call, callInProcess, control, createCompany, createUser, loginAs, PASSWORD, testEnv } from "../../testing/fixtures";

afterEach(() => vi.restoreAllMocks());

let seq = 0;
const ip = () => `10.9.${Date.now() % 250}.${++seq}`;
const NEW_PASSWORD = "NovaSenha123";

async function userWithCompany() {
  const company = await createCompany();
  const user = await createUser(company.id, { profile: "admin" });
  return { company, user };
}

const ask = (email: string, from = ip()) => callInProcess("POST", "/api/forgetpassword", { body: { email }, ip: from });
const reset = (body: Record<string, unknown>, from = ip()) => callInProcess("POST", "/api/resetpasswords", { body, ip: from });
const codesOf = (userId: number, companyId: number) =>
  control.select().from(passwordResets).where(eq(passwordResets.userId, userId)).all().then((rows) => rows.filter((r) => r.companyId === companyId));

describe("POST /api/forgetpassword", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const mail = useFakeMail();
    const res = await ask("nobody-here@test.dev");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Email enviado com sucesso!" });
    expect(mail.emails).toEqual([]);
  });

  it("e-mails an 8-digit code to an account and stores only its hash, for 30 minutes", async () => {
    const mail = useFakeMail();
    const { company, user } = await userWithCompany();
    const before = Date.now();
    const res = await ask(user.email.toUpperCase());
    expect(res.json).toEqual({ message: "Email enviado com sucesso!" });
    expect(mail.emails).toHaveLength(1);
    expect(mail.emails[0]).toMatchObject({ to: [user.email], from: testEnv.EMAIL_FROM });
    const code = codeSentTo(mail.emails, user.email)!;
    expect(code).toMatch(/^\d{8}$/);
    const [row] = await codesOf(user.id, company.id);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });

  it("links the e-mail to the deployment's PUBLIC_URL, never to the Host the request named", async () => {
    const mail = useFakeMail();
    const { user } = await userWithCompany();
    const ctx = createExecutionContext();
    const res = await createWorker().fetch(
      new Request("http://evil.example/api/forgetpassword", {
        method: "POST",
        headers: { host: "evil.example", "content-type": "application/json", "cf-connecting-ip": ip() },
        body: JSON.stringify({ email: user.email }),
      }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const sent = mail.emails.find((e) => e.to.includes(user.email))!;
    expect(sent.text).toContain(`${testEnv.PUBLIC_URL}/forgetpsw?email=${encodeURIComponent(user.email)}`);
    expect(sent.html).toContain(`href="${testEnv.PUBLIC_URL}/forgetpsw?email=`);
    expect(`${sent.text}${sent.html}`).not.toContain("evil.example");
  });

  it("refuses a malformed address with the field named, and stores nothing", async () => {
    const res = await ask("not-an-email");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { email: "Invalid email" } });
  });

  it("limits the codes asked for one address (429 after 3 in a window)", async () => {
    useFakeMail();
    const { user } = await userWithCompany();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(user.email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("queues an e-mail the provider could not take, and the queue sends it once with the same key", async () => {
    const mail = useFakeMail();
    mail.catcher.failNext(503);
    const queued: unknown[] = [];
    vi.spyOn(testEnv.OUTBOUND, "send").mockImplementation(async (body) => {
      queued.push(body);
      return undefined as never;
    });
    await sendOrQueueEmail(testEnv, { to: "q@test.dev", subject: "Oi", text: "corpo", html: "<p>corpo</p>" }, "key-1");
    expect(mail.emails).toEqual([]);
    expect(queued).toEqual([{ kind: "email", id: "key-1", to: "q@test.dev", subject: "Oi", text: "corpo", html: "<p>corpo</p>" }]);

    const job = queued[0] as EmailJob;
    const run = async (attempts: number) => {
      const batch = createMessageBatch<EmailJob>("zapdesk-outbound", [{ id: "e0", timestamp: new Date(), attempts, body: job }]);
      await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
      return getQueueResult(batch, createExecutionContext());
    };
    mail.catcher.failNext(500);
    expect((await run(1)).retryMessages).toHaveLength(1);
    expect((await run(2)).explicitAcks).toEqual(["e0"]);
    expect((await run(3)).explicitAcks).toEqual(["e0"]); // a redelivery: the provider keeps one
    expect(mail.emails).toHaveLength(1);
    expect(mail.emails[0]).toMatchObject({ to: ["q@test.dev"], idempotencyKey: "key-1" });
  });

  it("does not retry an e-mail the provider refused for good (a bad request)", async () => {
    const mail = useFakeMail();
    mail.catcher.failNext(422);
    const send = vi.spyOn(testEnv.OUTBOUND, "send");
    await sendOrQueueEmail(testEnv, { to: "r@test.dev", subject: "Oi", text: "x", html: "x" });
    expect(send).not.toHaveBeenCalled();
  });
});

describe("POST /api/resetpasswords", () => {
  async function withCode() {
    const mail = useFakeMail();
    const { company, user } = await userWithCompany();
    const token = await loginAs(user.email);
    await ask(user.email);
    return { company, user, token, code: codeSentTo(mail.emails, user.email)!, mail };
  }

  it("sets the new password with the e-mailed code, ends every session, and takes the code once", async () => {
    const { user, token, code } = await withCode();
    expect((await call("GET", "/api/auth/me", { token })).status).toBe(200);
    const res = await reset({ email: user.email, token: code, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Senha redefinida com sucesso." });
    expect((await call("GET", "/api/auth/me", { token })).status).toBe(401);
    await expect(loginAs(user.email, PASSWORD)).rejects.toThrow();
    expect(await loginAs(user.email, NEW_PASSWORD)).toBeTruthy();
    const again = await reset({ email: user.email, token: code, newPassword: "Outra12345" });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("ERR_INVALID_RESET_CODE");
  });

  it("allows 5 attempts per code: after 5 wrong ones even the right code is refused", async () => {
    const { user, code } = await withCode();
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 5; i++) expect((await reset({ email: user.email, token: wrong, newPassword: NEW_PASSWORD })).status).toBe(400);
    const res = await reset({ email: user.email, token: code, newPassword: NEW_PASSWORD });
    expect(res.json.error).toBe("ERR_INVALID_RESET_CODE");
    expect(await loginAs(user.email, PASSWORD)).toBeTruthy();
  });

  it("refuses an expired code", async () => {
    const { company, user, code } = await withCode();
    await control.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.companyId, company.id));
    const res = await reset({ email: user.email, token: code, newPassword: NEW_PASSWORD });
    expect(res.json.error).toBe("ERR_INVALID_RESET_CODE");
  });

  it("refuses an earlier code once a newer one was asked for", async () => {
    const { user, code, mail } = await withCode();
    await ask(user.email);
    const newer = codeSentTo(mail.emails, user.email)!;
    if (newer !== code) expect((await reset({ email: user.email, token: code, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await reset({ email: user.email, token: newer, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it("applies the password rules and changes nothing when they fail (the code is not charged)", async () => {
    const { company, user, code } = await withCode();
    const res = await reset({ email: user.email, token: code, newPassword: "fraca" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "ERR_VALIDATION", fields: { newPassword: expect.any(String) } });
    const [row] = await codesOf(user.id, company.id);
    expect(row!.attempts).toBe(0);
    expect(await loginAs(user.email, PASSWORD)).toBeTruthy();
  });

  it("answers the same error for an address without an account", async () => {
    const res = await reset({ email: "ghost@test.dev", token: "12345678", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_INVALID_RESET_CODE");
  });

  it("never takes the password in the URL (the spec's path form is not served)", async () => {
    const { user, code } = await withCode();
    const res = await callInProcess("POST", `/api/resetpasswords/${encodeURIComponent(user.email)}/${code}/${NEW_PASSWORD}`, { ip: ip() });
    expect(res.status).not.toBe(200);
    expect(await loginAs(user.email, PASSWORD)).toBeTruthy();
  });
});
