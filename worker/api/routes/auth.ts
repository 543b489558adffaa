import { Hono } from "hono";
import { twoFactorCodeInput } from "../../contracts/twoFactor";
import { endSession } from "../../domain/auth/endSession";
import { listSignIns } from "../../domain/auth/listSignIns";
import { loadSessionUser } from "../../domain/auth/sessionUser";
import { logout } from "../../domain/auth/logout";
import { confirmEnrolment } from "../../domain/twoFactor/confirmEnrolment";
import { disableTwoFactor } from "../../domain/twoFactor/disableTwoFactor";
import { regenerateRecoveryCodes } from "../../domain/twoFactor/regenerateRecoveryCodes";
import { startEnrolment } from "../../domain/twoFactor/startEnrolment";
import { twoFactorStatus } from "../../domain/twoFactor/twoFactorStatus";
import { requireAuth } from "../middleware/auth";
import { clearSessionCookies, jsonBody, type AppEnv } from "../http";

/**
 * /api/auth in the hub; login and refresh_token run at the edge (edge.ts), before there is a session to check.
 * Everything here is the user's own account (any profile): two-factor sign-in and the sign-in history (issue 28) are
 * open to a user who must still enrol, as are /me and logout (isEnrolmentPath).
 */
export const authRoutes = new Hono<AppEnv>()
  .delete("/logout", requireAuth, async (c) => {
    await logout({ ctx: c.get("ctx") });
    clearSessionCookies(c);
    return c.json({ message: "Logged out" });
  })
  .get("/me", requireAuth, async (c) => {
    const ctx = c.get("ctx");
    return c.json(await loadSessionUser(ctx.db, ctx.user.id, ctx.companyId, ctx.env));
  })
  .get("/two-factor", requireAuth, async (c) => c.json(await twoFactorStatus({ ctx: c.get("ctx") })))
  .post("/two-factor/enrolment", requireAuth, async (c) => c.json(await startEnrolment({ ctx: c.get("ctx") })))
  .post("/two-factor/enrolment/confirm", requireAuth, async (c) =>
    c.json(await confirmEnrolment({ ctx: c.get("ctx"), input: await jsonBody(c, twoFactorCodeInput) })),
  )
  .post("/two-factor/disable", requireAuth, async (c) => c.json(await disableTwoFactor({ ctx: c.get("ctx"), input: await jsonBody(c, twoFactorCodeInput) })))
  .post("/two-factor/recovery-codes", requireAuth, async (c) =>
    c.json(await regenerateRecoveryCodes({ ctx: c.get("ctx"), input: await jsonBody(c, twoFactorCodeInput) })),
  )
  .get("/sign-ins", requireAuth, async (c) => c.json(await listSignIns({ ctx: c.get("ctx") })))
  .delete("/sessions/:sessionId", requireAuth, async (c) => c.json(await endSession({ ctx: c.get("ctx"), input: { sessionId: c.req.param("sessionId") } })));
