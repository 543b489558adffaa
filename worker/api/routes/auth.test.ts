import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies as controlCompanies } from "../../db/control";
import { companies, userSessions } from "../../db/tenant";
import { limits } from "../../domain/shared/rateLimit";
import {
  awayFromWindowEdge,
  call,
  companyWithTeam,
  control,
  cookieFrom,
  createCompany,
  createUser,
  inTenant,
  loginAs,
  ORIGIN,
  PASSWORD,
} from "../../testing/fixtures";

/** How many answers carried each error code (a success counts as "ok"). */
function tally(results: { status: number; json: any }[]) {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const code = r.status < 400 ? "ok" : String(r.json?.error);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

let burst = 0;

describe("POST /api/auth/login", () => {
  it("answers a token and the session user, and sets httpOnly session cookies", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { profile: "admin" });
    const res = await call("POST", "/api/auth/login", { body: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(typeof res.json.token).toBe("string");
    expect(res.json.user).toMatchObject({ id: user.id, email: user.email, profile: "admin", company: { id: company.id } });
    expect(res.json.user.passwordHash).toBeUndefined();
    const cookies = res.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/zd_rt=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/zd_at=[^;]+;.*HttpOnly/);
  });

  it("refuses a wrong password with ERR_INVALID_CREDENTIALS", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: "wrong-one" } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_INVALID_CREDENTIALS");
  });

  it("names the invalid fields", async () => {
    const res = await call("POST", "/api/auth/login", { body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.json.fields)).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("answers 400, not 500, to a body that is not JSON", async () => {
    const res = await call("POST", "/api/auth/login", { rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_INVALID_JSON");
  });

  it("refuses a cross-site form that posts JSON as text/plain (login CSRF), and starts no session", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const forged = { rawBody: JSON.stringify({ email: user.email, password: PASSWORD }) };
    const fromEvil = await call("POST", "/api/auth/login", { ...forged, headers: { "content-type": "text/plain", origin: "https://evil.example" } });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.json.error).toBe("ERR_CSRF");
    expect(fromEvil.headers.getSetCookie()).toEqual([]);
    // Even with no Origin to judge by, text/plain is not JSON.
    const untyped = await call("POST", "/api/auth/login", { ...forged, headers: { "content-type": "text/plain" } });
    expect(untyped.status).toBe(415);
    expect(untyped.json.error).toBe("ERR_UNSUPPORTED_CONTENT_TYPE");
    expect(untyped.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a login from another site or an opaque origin even as JSON; ours and none (curl, integrations) log in", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const body = { email: user.email, password: PASSWORD };
    for (const origin of ["https://evil.example", "null", `${ORIGIN}.evil.example`]) {
      const res = await call("POST", "/api/auth/login", { body, headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.json.error).toBe("ERR_CSRF");
    }
    expect((await call("POST", "/api/auth/login", { body, headers: { origin: ORIGIN } })).status).toBe(200);
    expect((await call("POST", "/api/auth/login", { body })).status).toBe(200);
  });

  it("answers 413 to an oversized body", async () => {
    const res = await call("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe("ERR_PAYLOAD_TOO_LARGE");
  });

  it("answers 429 after repeated failures for the same email", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call("POST", "/api/auth/login", { body: { email: user.email, password: "bad" }, ip: `10.0.0.${i}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused while the window lasts.
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(429);
    expect(res.json.error).toBe("ERR_RATE_LIMITED");
  });

  it("checks exactly 5 of 25 wrong passwords sent at once for one email; the other 20 are refused unchecked", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    await awayFromWindowEdge(limits.loginPerEmail.windowSeconds);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call("POST", "/api/auth/login", { body: { email: user.email, password: `wrong-${i}` }, ip: `10.1.${++burst}.${i}` }),
      ),
    );
    expect(tally(results)).toEqual({ ERR_INVALID_CREDENTIALS: 5, ERR_RATE_LIMITED: 20 });
  });

  it("checks exactly 30 of 40 wrong logins sent at once from one address, whatever x-forwarded-for and x-real-ip say", async () => {
    const ip = `10.2.${++burst}.1`;
    await awayFromWindowEdge(limits.loginPerIp.windowSeconds);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call("POST", "/api/auth/login", {
          body: { email: `nobody-${burst}-${i}@ip-limit.test`, password: "wrong" },
          ip,
          // A client writes these as it likes: a fresh value must not buy a fresh budget.
          headers: { "x-forwarded-for": `192.0.2.${i}`, "x-real-ip": `198.51.100.${i}` },
        }),
      ),
    );
    expect(tally(results)).toEqual({ ERR_INVALID_CREDENTIALS: 30, ERR_RATE_LIMITED: 10 });
  });

  it("does not spend an address's budget on logins that succeed", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const ip = `10.3.${++burst}.1`;
    const wrong = (i: number) => call("POST", "/api/auth/login", { body: { email: `nobody-${burst}-${i}@ip-limit.test`, password: "wrong" }, ip });
    await awayFromWindowEdge(limits.loginPerIp.windowSeconds);
    expect(tally(await Promise.all(Array.from({ length: limits.loginPerIp.max - 1 }, (_, i) => wrong(i))))).toEqual({
      ERR_INVALID_CREDENTIALS: limits.loginPerIp.max - 1,
    });
    // An office behind one address: colleagues keep logging in.
    for (let i = 0; i < 3; i++) {
      expect((await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD }, ip })).status).toBe(200);
    }
    expect((await wrong(100)).json.error).toBe("ERR_INVALID_CREDENTIALS");
    expect((await wrong(101)).json.error).toBe("ERR_RATE_LIMITED");
  });

  it("refuses a company whose due date has passed, with the date in the message", async () => {
    const company = await createCompany({ dueDate: "2020-01-31" });
    const user = await createUser(company.id, { profile: "user" });
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    expect(res.json.message).toContain("31/01/2020");
  });

  it("refuses an inactive company", async () => {
    const company = await createCompany({ status: false });
    const user = await createUser(company.id);
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_COMPANY_INACTIVE");
  });

  it("lets a super user in even when the company has expired", async () => {
    const company = await createCompany({ dueDate: "2020-01-31" });
    const user = await createUser(company.id, { profile: "admin", super: true });
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(200);
  });

  it("ends the previous session of the same user (one live session per user)", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const first = await loginAs(user.email);
    expect((await call("GET", "/api/auth/me", { token: first })).status).toBe(200);
    await loginAs(user.email);
    const res = await call("GET", "/api/auth/me", { token: first });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_SESSION_REPLACED");
  });
});

describe("GET /api/auth/me", () => {
  it("answers 401 without a token and with a forged one", async () => {
    expect((await call("GET", "/api/auth/me")).status).toBe(401);
    const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsImNpZCI6MSwic2lkIjoieCIsImV4cCI6OTk5OTk5OTk5OX0.bad";
    const res = await call("GET", "/api/auth/me", { token: forged });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses a session once the company expires", async () => {
    const { company, agent } = await companyWithTeam();
    // The platform's row and the hub's copy of it (which the session check reads).
    await control.update(controlCompanies).set({ dueDate: "2021-05-01" }).where(eq(controlCompanies.id, company.id));
    await inTenant(company.id, (db) => db.update(companies).set({ dueDate: "2021-05-01" }).where(eq(companies.id, company.id)).run());
    const res = await call("GET", "/api/auth/me", { token: agent.token });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });
});

describe("POST /api/auth/refresh_token", () => {
  async function loginWithCookies() {
    const company = await createCompany();
    const user = await createUser(company.id);
    const res = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    return { user, refresh: cookieFrom(res.headers, "zd_rt")! };
  }
  const refresh = (rt: string, origin = ORIGIN) =>
    call("POST", "/api/auth/refresh_token", { headers: { cookie: `zd_rt=${rt}`, origin } });

  it("names the company and the session in the refresh token: <companyId>.<sessionId>.<secret>", async () => {
    const { user, refresh: rt } = await loginWithCookies();
    const [companyId, sessionId, secret] = rt.split(".");
    expect(Number(companyId)).toBe(user.companyId);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const session = await inTenant(user.companyId, (db) => db.select().from(userSessions).where(eq(userSessions.id, sessionId!)).get());
    expect(session).toMatchObject({ userId: user.id, companyId: user.companyId, revokedAt: null });
    // Only the hash of the whole token is stored.
    expect(session!.refreshHash).not.toContain(secret!);
  });

  it("answers 401 to a refresh token naming another company, or one that does not exist", async () => {
    const { refresh: rt } = await loginWithCookies();
    const other = await createCompany();
    const [, sessionId, secret] = rt.split(".");
    expect((await refresh(`${other.id}.${sessionId}.${secret}`)).status).toBe(401);
    expect((await refresh(`999999.${sessionId}.${secret}`)).status).toBe(401);
    expect((await refresh(`${sessionId}.${secret}`)).status).toBe(401);
    // The genuine token was not spent by those attempts.
    expect((await refresh(rt)).status).toBe(200);
  });

  it("rotates the refresh token and answers a new access token", async () => {
    const { user, refresh: rt } = await loginWithCookies();
    const res = await refresh(rt);
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(user.id);
    const next = cookieFrom(res.headers, "zd_rt");
    expect(next).toBeTruthy();
    expect(next).not.toBe(rt);
    expect((await call("GET", "/api/auth/me", { token: res.json.token })).status).toBe(200);
  });

  it("ends the session when a spent refresh token is presented again", async () => {
    const { user, refresh: rt } = await loginWithCookies();
    const first = await refresh(rt);
    // Later than a concurrent refresh could be: this is a replay.
    await inTenant(user.companyId, (db) =>
      db.update(userSessions).set({ lastUsedAt: new Date(Date.now() - 60_000) }).where(eq(userSessions.userId, user.id)).run(),
    );
    const reused = await refresh(rt);
    expect(reused.status).toBe(401);
    // The legitimate holder of the rotated token is logged out too.
    const next = cookieFrom(first.headers, "zd_rt")!;
    expect((await refresh(next)).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { token: first.json.token })).status).toBe(401);
  });

  it("refuses a refresh from another origin", async () => {
    const { refresh: rt } = await loginWithCookies();
    const res = await refresh(rt, "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_CSRF");
  });

  it("refuses refreshes past 120 a minute from one address, counting those sent at once exactly", async () => {
    const ip = `10.4.${++burst}.1`;
    await awayFromWindowEdge(limits.refreshPerIp.windowSeconds, 20_000);
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        call("POST", "/api/auth/refresh_token", { headers: { cookie: `zd_rt=999999.guess-${i}.secret`, origin: ORIGIN }, ip }),
      ),
    );
    expect(tally(results)).toEqual({ ERR_SESSION_EXPIRED: 120, ERR_RATE_LIMITED: 10 });
    // Even a genuine token waits for the next window from that address; another address is not limited by it.
    const { refresh: rt } = await loginWithCookies();
    const limited = await call("POST", "/api/auth/refresh_token", { headers: { cookie: `zd_rt=${rt}`, origin: ORIGIN }, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.retryAfter).toBeGreaterThan(0);
    expect((await refresh(rt)).status).toBe(200);
  });

  it("answers 401 without a refresh cookie", async () => {
    const res = await call("POST", "/api/auth/refresh_token", { headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
  });
});

describe("DELETE /api/auth/logout", () => {
  it("ends the session", async () => {
    const { agent } = await companyWithTeam();
    expect((await call("DELETE", "/api/auth/logout", { token: agent.token })).status).toBe(200);
    expect((await call("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
  });
});

describe("GET /api/version", () => {
  it("answers the version string without authentication", async () => {
    const res = await call("GET", "/api/version");
    expect(res.status).toBe(200);
    expect(res.json.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("POST /api/auth/refresh_token racing itself", () => {
  it("answers ERR_REFRESH_RACE without ending the session when the previous token comes back within seconds", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const login = await call("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    const rt = cookieFrom(login.headers, "zd_rt")!;
    const headers = (token: string) => ({ cookie: `zd_rt=${token}`, origin: ORIGIN });
    const first = await call("POST", "/api/auth/refresh_token", { headers: headers(rt) });
    const raced = await call("POST", "/api/auth/refresh_token", { headers: headers(rt) });
    expect(raced.status).toBe(409);
    expect(raced.json.error).toBe("ERR_REFRESH_RACE");
    // The winner's token still works: the session lives on.
    expect((await call("GET", "/api/auth/me", { token: first.json.token })).status).toBe(200);
    expect((await call("POST", "/api/auth/refresh_token", { headers: headers(cookieFrom(first.headers, "zd_rt")!) })).status).toBe(200);
  });
});
