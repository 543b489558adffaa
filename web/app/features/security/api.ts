import type { RecoveryCodesView, SignInView, TwoFactorEnrolmentView, TwoFactorStatusView } from "../../../../worker/contracts/twoFactor";
import type { Wire } from "../../../../worker/contracts/views/wire";
import { api } from "../../lib/api";

/** /api/auth's own-account calls (issue 28): two-factor sign-in and the sign-in history. */
export type SignInRow = Wire<SignInView>;

export const twoFactorStatus = () => api<TwoFactorStatusView>("/auth/two-factor");
export const startEnrolment = () => api<TwoFactorEnrolmentView>("/auth/two-factor/enrolment", { method: "POST" });
export const confirmEnrolment = (code: string) => api<RecoveryCodesView>("/auth/two-factor/enrolment/confirm", { method: "POST", body: { code } });
export const disableTwoFactor = (code: string) => api<{ ok: true }>("/auth/two-factor/disable", { method: "POST", body: { code } });
export const regenerateRecoveryCodes = (code: string) => api<RecoveryCodesView>("/auth/two-factor/recovery-codes", { method: "POST", body: { code } });
export const listSignIns = () => api<SignInRow[]>("/auth/sign-ins");
export const endSession = (sessionId: string) => api<{ ok: true }>(`/auth/sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" });
