import { z } from "zod";
import { REQUIRED } from "./fieldMessages";

/**
 * Two-factor sign-in and the user's sign-in history (issue 28, part 1): what the endpoints take and answer.
 * A code is the authenticator app's six digits; a recovery code one of the ten shown at enrolment (xxxxx-xxxxx).
 */
export const TOTP_CODE_MESSAGE = "Must be the 6 digits of the app";
export const totpCode = z
  .string({ error: REQUIRED })
  .transform((s) => s.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));
export const recoveryCode = z
  .string({ error: REQUIRED })
  .transform((s) => s.trim().toLowerCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, "Not a recovery code"));

/** POST /api/auth/login/two-factor: the login's challenge and either a code or a recovery code. */
export const twoFactorLoginInput = z
  .object({
    challenge: z.string().min(1, REQUIRED).max(2000),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { path: ["code"], message: "Give a code or a recovery code" });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginInput>;

/** Confirming enrolment, disabling, regenerating recovery codes: a current code of the app. */
export const twoFactorCodeInput = z.object({ code: totpCode });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInput>;

/** What login answers when the password was right and a second factor is due: no session yet. */
export type TwoFactorChallenge = { twoFactor: true; challenge: string };
/** How long a login's challenge may wait for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;

/** GET /api/auth/two-factor: where the user stands. */
export type TwoFactorStatusView = {
  enabled: boolean;
  /** The company requires it (or the user is a platform admin in a deployment). */
  required: boolean;
  recoveryCodesLeft: number;
};

/** POST /api/auth/two-factor/enrolment: the secret to scan (the QR code carries `uri`) or type. */
export type TwoFactorEnrolmentView = { secret: string; uri: string };

/** The recovery codes, shown once (enrolment confirmed, or regenerated). */
export type RecoveryCodesView = { recoveryCodes: string[] };

export const SIGN_IN_OUTCOMES = ["ok", "wrongPassword", "wrongCode"] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** One row of GET /api/auth/sign-ins. */
export type SignInView = {
  id: number;
  createdAt: Date;
  outcome: SignInOutcome;
  ip: string | null;
  /** A readable device ("Chrome · Android"), null when the browser is not recognised. */
  device: string | null;
  /** The session of the request that asks. */
  current: boolean;
  /** A session this sign-in opened that is still live (it may be ended). */
  live: boolean;
  sessionId: string | null;
};
