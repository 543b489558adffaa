import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { CircleAlert, CircleCheck, LogOut } from "lucide-react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { createI18n } from "../../i18n";
import { resolveLanguage } from "../../i18n/language.server";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import { actionForm } from "../../lib/form.server";
import { describeErrorCode } from "../../lib/errors";
import { pageTitle } from "../../lib/meta";
import { safeRedirectTo } from "../../../../worker/lib/redirectTo";
import { loginInput } from "../../../../worker/contracts/auth";
import { blankAsRequired } from "../../components/form/blankAsRequired";
import { translateSubmission } from "../../lib/form-errors";
import { loginAndRedirect, registerVisible, twoFactorAndRedirect, type LoginFailure } from "./login.server";
import { twoFactorLoginInput } from "../../../../worker/contracts/twoFactor";
import { TwoFactorStep } from "./TwoFactorStep";

/** The login form: the API's loginInput (worker/contracts/auth), a blank field read as "Required". */
const loginFormSchema = z.object({ email: blankAsRequired(loginInput.shape.email), password: blankAsRequired(loginInput.shape.password) });

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "auth.title");

export async function loader({ context }: LoaderFunctionArgs) {
  return { registerVisible: await registerVisible(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const lang = resolveLanguage(request, null);
  const t = createI18n(lang).getFixedT(lang);
  const form = await actionForm(request);
  if (form.get("intent") === "twoFactor") return twoFactorAction(request, context, form);
  const submission = translateSubmission(parseWithZod(form, { schema: loginFormSchema }), t);
  if (submission.status !== "success") return data({ result: submission.reply(), failure: null }, { status: 400 });
  const outcome = await loginAndRedirect(request, context, submission.value, form.get("redirectTo"));
  // The password was right and a second factor is due (issue 28): the page asks for the code.
  if ("challenge" in outcome) return data({ result: submission.reply({ hideFields: ["password"] }), failure: null, challenge: outcome.challenge, recovery: false });
  return data({ result: submission.reply({ hideFields: ["password"] }), failure: outcome }, { status: 400 });
}

/** The second step: the challenge and a code (or a recovery code), parsed with the API's own contract. */
async function twoFactorAction(request: Request, context: ActionFunctionArgs["context"], form: FormData) {
  const challenge = String(form.get("challenge") ?? "");
  const recovery = form.get("recovery") === "1";
  const typed = String(form.get("code") ?? "");
  const parsed = twoFactorLoginInput.safeParse(recovery ? { challenge, recoveryCode: typed } : { challenge, code: typed });
  if (!parsed.success) {
    const failure: LoginFailure = { code: "ERR_TWO_FACTOR_INVALID_CODE" };
    return data({ result: null, failure, challenge, recovery }, { status: 400 });
  }
  const failure = await twoFactorAndRedirect(request, context, parsed.data, form.get("redirectTo"));
  // A challenge that ran out goes back to the password.
  const again = failure.code === "ERR_TWO_FACTOR_CHALLENGE_EXPIRED" ? undefined : challenge;
  return data({ result: null, failure, challenge: again, recovery }, { status: 400 });
}

/** Why the last session ended (a login elsewhere, the company suspended, the subscription due), from the URL. */
function useEndedReason(): { code: string; detail?: string } | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [ended] = useState(() => {
    const code = searchParams.get("ended");
    return code ? { code, detail: searchParams.get("detail") ?? undefined } : null;
  });
  // Said once per arrival: a reload of the page does not say it again. The way back (redirectTo) stays.
  useEffect(() => {
    if (!ended) return;
    const next = new URLSearchParams(searchParams);
    next.delete("ended");
    next.delete("detail");
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, []);
  return ended;
}

export default function Login() {
  const { t } = useTranslation();
  const { registerVisible } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const ended = useEndedReason();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    // Checked on submit, not on blur: an error appearing as the e-mail field loses focus would move the links below
    // it away from the pointer, and the first click on "forgot password" would miss.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: loginFormSchema }), t),
  });

  const failure = actionData?.failure && !submitting ? describeErrorCode(actionData.failure.code, t, actionData.failure.dueDate) : null;
  const challenge = actionData && "challenge" in actionData ? actionData.challenge : undefined;
  const emailError = fields.email.errors?.[0];
  const passwordError = fields.password.errors?.[0];
  // Only a path of this site (the action checks it again): anything else is not mentioned nor sent.
  const back = safeRedirectTo(searchParams.get("redirectTo"), "");
  const redirectTo = back && back !== "/tickets" ? back : null;
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        redirectTo={redirectTo}
        recovery={!!actionData && "recovery" in actionData && !!actionData.recovery}
        failure={failure}
        submitting={submitting}
      />
    );
  }
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("auth.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("auth.subtitle")}</p>
      {searchParams.get("reset") === "done" && !ended ? (
        <p role="status" className="mt-5 flex items-start gap-2.5 rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden />
          {t("auth.resetDone")}
        </p>
      ) : null}
      {ended ? (
        <div role="status" className="mt-5 flex items-start gap-2.5 rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm">
          <LogOut className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <div>
            <p className="font-medium">{describeErrorCode(ended.code, t, ended.detail)}</p>
            {redirectTo ? <p className="mt-0.5 text-xs text-muted">{t("auth.backAfterLogin")}</p> : null}
          </div>
        </div>
      ) : null}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field id={fields.email.id} label={t("auth.email")} error={emailError}>
          <Input
            id={fields.email.id}
            name={fields.email.name}
            key={fields.email.key}
            defaultValue={fields.email.initialValue}
            type="email"
            autoComplete="username"
            autoFocus
            invalid={!!emailError}
            aria-describedby={describedBy(fields.email.id, emailError)}
          />
        </Field>
        <Field id={fields.password.id} label={t("auth.password")} error={passwordError}>
          <PasswordInput
            id={fields.password.id}
            name={fields.password.name}
            key={fields.password.key}
            autoComplete="current-password"
            invalid={!!passwordError || !!failure}
            aria-describedby={failure ? "login-failure" : describedBy(fields.password.id, passwordError)}
          />
        </Field>
        <div className="-mt-1 flex justify-end">
          <Link to="/forgetpsw" className="text-sm font-medium text-brand-text hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
            {t("auth.forgot")}
          </Link>
        </div>
        {/* A refused login is said here, by the form, not in a toast at the edge of the screen. */}
        {failure ? (
          <p id="login-failure" role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {failure}
          </p>
        ) : null}
        <Button type="submit" loading={submitting} className="w-full">
          {submitting ? t("auth.submitting") : t("auth.submit")}
        </Button>
      </Form>
      {registerVisible ? (
        <p className="mt-6 text-center text-sm text-muted">
          {t("auth.noAccount")}{" "}
          <Link to="/signup" className="font-medium text-brand-text hover:underline">
            {t("auth.register")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
