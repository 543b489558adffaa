import { bearerToken } from "../lib/bearer";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { loginInput } from "../contracts/auth";
import { forgotPasswordInput, PASSWORD_RESET_MESSAGE, RESET_REQUESTED_MESSAGE, resetPasswordInput } from "../contracts/passwordReset";
import { requestPasswordReset } from "../domain/auth/requestPasswordReset";
import { signupInput } from "../contracts/signup";
import { pixWebhookBody } from "../contracts/billing";
import { handlePixWebhook } from "../domain/billing/pixWebhook";
import { registerCompany } from "../domain/companies/registerCompany";
import { resetPassword } from "../domain/auth/resetPassword";
import { sendOrQueueEmail } from "../jobs/email";
import { createControlDb } from "../db/client";
import { companies } from "../db/control";
import { login } from "../domain/auth/login";
import { loginTwoFactor } from "../domain/auth/loginTwoFactor";
import { twoFactorLoginInput } from "../contracts/twoFactor";
import { refreshTokenParts, verifyAccessToken } from "../domain/auth/tokens";
import { AppError } from "../domain/errors";
import { authorizeConnectionToken } from "../domain/externalApi/authorizeConnectionToken";
import { apiTokenCompany } from "../contracts/publicApi/scopes";
import { listPublicPlans } from "../domain/plans/listPublicPlans";
import { getLogoFile } from "../domain/logos/getLogoFile";
import { listLogos } from "../domain/logos/listLogos";
import { publicPlatformKeys } from "../domain/settings/catalogue";
import { PLATFORM_COMPANY_ID } from "../domain/settings/platform";
import type { Env } from "../env";
import { hubDirectory, hubFor } from "../hub/ports";
import type { SignedIn } from "../domain/auth/login";
import { jsonBodyLimit } from "./middleware/bodyLimit";
import { FORWARDED_ONLY, HUB_COMPANY_HEADER, HUB_CONNECTION_HEADER } from "./forwarding";
import { clientIp } from "../lib/clientIp";
import { limits, takeHits } from "../domain/shared/rateLimit";
import { clearSessionCookies, errorAnswer, jsonBody, notFoundAnswer, refreshCookie, setSessionCookies, type AppContext } from "./http";
import { accessToken, assertSameOrigin, refuseForeignOrigin } from "./middleware/auth";
import { versionRoutes } from "./routes/version";
import { publicApiDocument } from "./public/document";
import { downloadSignedCompanyExport } from "../domain/companyExport/downloadCompanyExport";
import { parsePlatformId } from "../contracts/ids";



/**
 * The API at the edge (ADR 0016). What needs no user session runs here: login and refresh (the login index and
 * rate limits are in the control database, the session in the company's hub), the version, public plans, the
 * external API's authorisation. Everything else carries an access token: its signature and expiry are checked
 * here, and the request goes, in one hop, to the hub of the company the token names, which checks the session
 * and runs the route against its own database.
 */
export function createEdgeApi() {
  const edge = new Hono<{ Bindings: Env }>({ strict: false });

  edge.post("/auth/login", jsonBodyLimit, async (c) => {
    // Login sets the session cookies: not for another site's page (login CSRF).
    refuseForeignOrigin(c.req.raw);
    const input = await jsonBody(c as unknown as AppContext, loginInput);
    const result = await login({
      control: createControlDb(c.env.DB),
      hubs: hubDirectory(c.env),
      input,
      ip: clientIp(c.req.raw.headers, c.env),
      userAgent: c.req.header("user-agent") ?? null,
    });
    // Two-factor sign-in (issue 28): no session yet, only the challenge its second step takes.
    if ("twoFactor" in result) return c.json(result);
    setSessionCookies(c as unknown as AppContext, result);
    return c.json({ token: result.token, user: result.user });
  });

  edge.post("/auth/login/two-factor", jsonBodyLimit, async (c) => {
    refuseForeignOrigin(c.req.raw);
    const input = await jsonBody(c as unknown as AppContext, twoFactorLoginInput);
    const result = await loginTwoFactor({
      control: createControlDb(c.env.DB),
      hubs: hubDirectory(c.env),
      env: c.env,
      input,
      ip: clientIp(c.req.raw.headers, c.env),
      userAgent: c.req.header("user-agent") ?? null,
    });
    setSessionCookies(c as unknown as AppContext, result);
    return c.json({ token: result.token, user: result.user });
  });

  edge.post("/auth/refresh_token", async (c) => {
    // The refresh token only travels in its httpOnly cookie; the request must come from our own pages.
    assertSameOrigin(c.req.raw);
    try {
      const result = await refreshAtHub(c.env, refreshCookie(c as unknown as AppContext), clientIp(c.req.raw.headers, c.env));
      setSessionCookies(c as unknown as AppContext, result);
      return c.json({ token: result.token, user: result.user });
    } catch (err) {
      if (err instanceof AppError) clearSessionCookies(c as unknown as AppContext);
      throw err;
    }
  });

  // Password reset (ADR 0025): e-mail, code and new password travel in the body, never in the URL.
  edge.post("/forgetpassword", jsonBodyLimit, async (c) => {
    const input = await jsonBody(c as unknown as AppContext, forgotPasswordInput);
    const email = await requestPasswordReset({
      control: createControlDb(c.env.DB),
      env: c.env,
      input,
      ip: clientIp(c.req.raw.headers, c.env),
    });
    // Sent after the answer, which is the same whether or not the address has an account.
    if (email) c.executionCtx.waitUntil(sendOrQueueEmail(c.env, email));
    return c.json({ message: RESET_REQUESTED_MESSAGE });
  });
  edge.post("/resetpasswords", jsonBodyLimit, async (c) => {
    const input = await jsonBody(c as unknown as AppContext, resetPasswordInput);
    await resetPassword({
      control: createControlDb(c.env.DB),
      hubs: hubDirectory(c.env),
      env: c.env,
      input,
      ip: clientIp(c.req.raw.headers, c.env),
    });
    return c.json({ message: PASSWORD_RESET_MESSAGE });
  });

  // Public signup (ADR 0026): the server decides plan checks, trial and due date; Turnstile when configured.
  edge.post("/companies/cadastro", jsonBodyLimit, async (c) => {
    const input = await jsonBody(c as unknown as AppContext, signupInput);
    const company = await registerCompany({
      control: createControlDb(c.env.DB),
      hubs: hubDirectory(c.env),
      env: c.env,
      input,
      ip: clientIp(c.req.raw.headers, c.env),
    });
    return c.json(company, 201);
  });

  // The Pix API's webhook (ADR 0026): no session; nothing in the body is believed before the PSP confirms it.
  // The standard appends "/pix" to the registered URL, so both are served.
  for (const path of ["/subscription/webhook/pix", "/subscription/webhook/pix/pix"]) {
    edge.post(path, jsonBodyLimit, async (c) => {
      const body = await jsonBody(c as unknown as AppContext, pixWebhookBody);
      const result = await handlePixWebhook({ control: createControlDb(c.env.DB), hubs: hubDirectory(c.env), env: c.env, body });
      return c.json(result);
    });
  }

  edge.route("/version", versionRoutes);
  edge.get("/plans/list", async (c) => c.json(await listPublicPlans({ db: createControlDb(c.env.DB) })));
  edge.get("/plans/register", async (c) => c.json(await listPublicPlans({ db: createControlDb(c.env.DB) })));

  // The platform's logos (ADR 0035): public, for the login page before anyone logs in.
  edge.get("/logos", async (c) => c.json(await listLogos({ control: createControlDb(c.env.DB) })));
  edge.get("/logos/:kind", async (c) => {
    const file = await getLogoFile({ control: createControlDb(c.env.DB), env: c.env, input: { kind: c.req.param("kind"), version: c.req.query("v") } });
    if (c.req.header("if-none-match") === file.etag) {
      await file.body.cancel();
      file.headers.delete("content-length");
      return new Response(null, { status: 304, headers: file.headers });
    }
    return new Response(file.body, { headers: file.headers });
  });

  // The external API: a connection's token, found in the control database's connection index, names the company.
  edge.post("/messages/send", async (c) => {
    const connection = await authorizeConnectionToken(createControlDb(c.env.DB), c.req.header("authorization"));
    return forwardToHub(c.env, connection.companyId, c.req.raw, { [HUB_CONNECTION_HEADER]: String(connection.id) });
  });

  // The public API's OpenAPI document (issue 25 §4): public, the same for everyone, so caches may keep it a while.
  edge.get("/openapi.json", (c) => c.json(publicApiDocument(new URL(c.req.url).origin), 200, { "cache-control": "public, max-age=300" }));

  // The public API (issue 25): a company API token names its company (`zdk_<company>_<secret>`); the company's hub
  // checks the token itself. A malformed token is refused here without waking any hub.
  edge.all("/v1/*", async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    const companyId = apiTokenCompany(token);
    if (companyId === null) throw new AppError("ERR_API_TOKEN_INVALID");
    return forwardToHub(c.env, companyId, c.req.raw);
  });

  // Settings the login and signup pages read before anyone is logged in are the platform company's.
  for (const key of publicPlatformKeys) {
    edge.get(`/settings/${key}`, (c) => forwardToHub(c.env, PLATFORM_COMPANY_ID, c.req.raw));
  }
  // The API has no other GET /settings/:key: the rest are not found, logged in or not (as before the edge).
  edge.get("/settings/:key", notFoundAnswer);

  // A finished company export by its signed link (issue 27 §3): no session, so a browser's plain download works. Without
  // a signature the request goes to the hub like any other (the admin's session).
  edge.get("/company-exports/:id/download", async (c, next) => {
    const signature = c.req.query("signature");
    if (signature === undefined) return next();
    const id = parsePlatformId(c.req.param("id"));
    if (id === null) throw new AppError("ERR_NOT_FOUND");
    const file = await downloadSignedCompanyExport({ env: c.env, input: { id, expires: c.req.query("expires"), signature } });
    return new Response(file.body, { headers: file.headers });
  });

  edge.all("*", async (c) => {
    // A cross-site write or socket on the cookie is refused here, before the hub is woken.
    const token = accessToken(c.req.raw);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", "Not authenticated.", { reason: "missing" });
    const claims = await verifyAccessToken(token, c.env.JWT_SECRET);
    return forwardToHub(c.env, claims.cid, c.req.raw);
  });

  edge.notFound(notFoundAnswer);
  edge.onError(errorAnswer);
  return edge;
}

/** One hop: the request, as it came, to the company's hub, with the headers only the worker may set. */
export function forwardToHub(env: Env, companyId: number, request: Request, extra: Record<string, string> = {}) {
  const headers = new Headers(request.headers);
  for (const name of FORWARDED_ONLY) headers.delete(name);
  headers.set(HUB_COMPANY_HEADER, String(companyId));
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return hubFor(env, companyId).fetch(new Request(request, { headers }));
}

/**
 * Rotates a refresh token in the hub of the company it names (the cookie's first part). Each attempt from an
 * address is counted first (the API's refresh and a page's alike): guessed cookies cannot wake hubs without end.
 */
export async function refreshAtHub(env: Env, refreshToken: string | undefined, ip: string): Promise<SignedIn> {
  await takeHits(createControlDb(env.DB), [{ key: `refresh:ip:${ip}`, limit: limits.refreshPerIp }]);
  const parts = refreshToken ? refreshTokenParts(refreshToken) : null;
  if (!refreshToken || !parts) throw new AppError("ERR_SESSION_EXPIRED");
  // The cookie is the client's word: only a company that exists gets its hub woken (or created) for it.
  const company = await createControlDb(env.DB).select({ id: companies.id }).from(companies).where(eq(companies.id, parts.companyId)).get();
  if (!company) throw new AppError("ERR_SESSION_EXPIRED");
  return hubDirectory(env).of(parts.companyId).call("refreshSession", { refreshToken });
}
