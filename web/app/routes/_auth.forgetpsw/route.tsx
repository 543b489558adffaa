import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { CircleAlert, MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import "../../features/account/texts";
import { forgotFormSchema, RESET_FORM_MESSAGES, resetFormSchema } from "../../features/account/schema";
import { translateSubmission } from "../../lib/form-errors";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, PasswordField } from "../../components/ui/Input";
import { createI18n } from "../../i18n";
import { resolveLanguage } from "../../i18n/language.server";
import { actionForm } from "../../lib/form.server";
import { describeErrorCode } from "../../lib/errors";
import { pageTitle } from "../../lib/meta";
import { askForCode, setNewPassword } from "./forgetpsw.server";
import { passwordHint } from "../../lib/password";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "account.reset.title");

type ActionData =
  | { step: "request"; result: SubmissionResult<string[]>; failure: string | null; email?: undefined }
  | { step: "reset"; result: SubmissionResult<string[]>; failure: string | null; email: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const lang = resolveLanguage(request, null);
  const t = createI18n(lang).getFixedT(lang);
  const form = await actionForm(request);
  if (form.get("intent") === "reset") {
    const submission = translateSubmission(parseWithZod(form, { schema: resetFormSchema }), t, RESET_FORM_MESSAGES);
    const email = String(form.get("email") ?? "");
    if (submission.status !== "success") {
      return data<ActionData>({ step: "reset", email, result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), failure: null }, { status: 400 });
    }
    const failure = await setNewPassword(request, context, submission.value);
    if (!failure) throw redirect("/login?reset=done");
    return data<ActionData>({ step: "reset", email, result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), failure }, { status: 400 });
  }
  const submission = translateSubmission(parseWithZod(form, { schema: forgotFormSchema }), t);
  if (submission.status !== "success") return data<ActionData>({ step: "request", result: submission.reply(), failure: null }, { status: 400 });
  const failure = await askForCode(request, context, submission.value.email);
  if (failure) return data<ActionData>({ step: "request", result: submission.reply(), failure }, { status: 429 });
  // The same answer whether or not the address has an account: on to step 2.
  return data<ActionData>({ step: "reset", email: submission.value.email, result: submission.reply({ resetForm: true }), failure: null });
}

/** Spec 001's two-step reset: the e-mail, then the code from the e-mail with the new password (twice). */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  // The e-mail's link names the address: straight to step 2.
  const linked = searchParams.get("email");
  const [other, setOther] = useState(false);
  const email = other ? null : actionData?.step === "reset" ? actionData.email : linked;
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("account.reset.title")}</h1>
      {email ? (
        <ResetStep key={email} email={email} justSent={actionData?.step === "reset" && !actionData.failure && !actionData.result.error} onOther={() => setOther(true)} />
      ) : (
        <RequestStep onSent={() => setOther(false)} />
      )}
      <p className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-1 text-center text-sm text-muted">
        <Link to="/login" className="font-medium text-brand-text hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
          {t("auth.backToLogin")}
        </Link>
        <span>
          {t("account.reset.noAccount")}{" "}
          <Link to="/signup" className="font-medium text-brand-text hover:underline">
            {t("account.reset.register")}
          </Link>
        </span>
      </p>
    </section>
  );
}

function Failure({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {describeErrorCode(code, t)}
    </p>
  );
}

function RequestStep({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "request";
  const [form, fields] = useForm({
    lastResult: actionData?.step === "request" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: forgotFormSchema }), t),
  });
  const error = fields.email.errors?.[0];
  const failure = actionData?.step === "request" && !submitting ? actionData.failure : null;
  return (
    <>
      <p className="mt-1 text-sm text-muted">{t("account.reset.step1Intro")}</p>
      <Form method="post" id={form.id} onSubmit={(e) => { onSent(); form.onSubmit(e); }} noValidate className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="intent" value="request" />
        <Field id={fields.email.id} label={t("auth.email")} error={error}>
          <Input
            id={fields.email.id}
            name={fields.email.name}
            key={fields.email.key}
            defaultValue={fields.email.initialValue}
            type="email"
            autoComplete="username"
            autoFocus
            invalid={!!error}
            aria-describedby={describedBy(fields.email.id, error)}
          />
        </Field>
        {failure ? <Failure id="reset-request-failure" code={failure} /> : null}
        <Button type="submit" loading={submitting} className="w-full">
          {submitting ? t("account.reset.sending") : t("account.reset.send")}
        </Button>
      </Form>
    </>
  );
}

function ResetStep({ email, justSent, onOther }: { email: string; justSent: boolean; onOther: () => void }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "reset";
  const resending = navigation.state !== "idle" && navigation.formData?.get("intent") === "request";
  // Checked by the action (the same schema): the code must be tried there anyway, and one answer says everything.
  const [form, fields] = useForm<{ email: string; token: string; newPassword: string; confirmPassword: string }>({
    lastResult: actionData?.step === "reset" && !justSent ? actionData.result : undefined,
  });
  const tokenError = fields.token.errors?.[0];
  const failure = actionData?.step === "reset" && !submitting ? actionData.failure : null;
  return (
    <>
      {justSent ? (
        <p role="status" className="mt-5 flex items-start gap-2.5 rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden />
          {t("account.reset.sent")}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted">{t("account.reset.step2Intro", { email })}</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="email" value={email} />
        <Field id={fields.token.id} label={t("account.reset.code")} error={tokenError}>
          <Input
            id={fields.token.id}
            name={fields.token.name}
            key={fields.token.key}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={200}
            className="font-mono tracking-widest"
            invalid={!!tokenError || !!failure}
            aria-describedby={failure ? "reset-failure" : describedBy(fields.token.id, tokenError)}
          />
        </Field>
        <PasswordField field={fields.newPassword} label={t("account.reset.newPassword")} hint={passwordHint(t)} autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label={t("account.reset.confirmPassword")} autoComplete="new-password" />
        {failure ? <Failure id="reset-failure" code={failure} /> : null}
        <Button type="submit" loading={submitting} className="w-full">
          {submitting ? t("account.reset.submitting") : t("account.reset.submit")}
        </Button>
      </Form>
      <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onOther} className="font-medium text-brand-text hover:underline">
          {t("account.reset.otherEmail")}
        </button>
        <Form method="post">
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="email" value={email} />
          <button type="submit" disabled={resending} className="font-medium text-brand-text hover:underline disabled:opacity-60">
            {t("account.reset.resend")}
          </button>
        </Form>
      </div>
    </>
  );
}
