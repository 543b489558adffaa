import { Form, Link } from "@remix-run/react";
import { CircleAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Input";

/**
 * The login's second step (issue 28): the password was right, and the account signs in with a code of the
 * authenticator app, or, without the phone, one of the recovery codes ("use a recovery code").
 */
export function TwoFactorStep({
  challenge,
  redirectTo,
  recovery: startWithRecovery,
  failure,
  submitting,
}: {
  challenge: string;
  redirectTo: string | null;
  recovery: boolean;
  failure: string | null;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(startWithRecovery);
  const id = recovery ? "login-recovery-code" : "login-code";
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-8">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <ShieldCheck className="size-6 text-brand-text" aria-hidden />
        {t("auth.twoFactorTitle")}
      </h1>
      <p className="mt-1 text-sm text-muted">{recovery ? t("auth.recoveryHint") : t("auth.twoFactorHint")}</p>
      <Form method="post" noValidate className="mt-6 flex flex-col gap-4" key={recovery ? "recovery" : "code"}>
        <input type="hidden" name="intent" value="twoFactor" />
        <input type="hidden" name="challenge" value={challenge} />
        {recovery ? <input type="hidden" name="recovery" value="1" /> : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field id={id} label={recovery ? t("auth.recoveryCode") : t("auth.code")}>
          <Input
            id={id}
            name="code"
            autoFocus
            required
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            maxLength={recovery ? 11 : 7}
            invalid={!!failure}
            aria-describedby={failure ? "login-failure" : undefined}
            className="font-mono tracking-widest"
          />
        </Field>
        {failure ? (
          <p id="login-failure" role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {failure}
          </p>
        ) : null}
        <Button type="submit" loading={submitting} className="w-full">
          {submitting ? t("auth.verifying") : t("auth.verify")}
        </Button>
      </Form>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={() => setRecovery(!recovery)} className="font-medium text-brand-text hover:underline">
          {recovery ? t("auth.useCode") : t("auth.useRecovery")}
        </button>
        <Link to="/login" reloadDocument className="text-muted hover:underline">
          {t("auth.backToLogin")}
        </Link>
      </div>
    </section>
  );
}
