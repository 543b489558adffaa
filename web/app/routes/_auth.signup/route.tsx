import { useForm, useInputControl } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CircleAlert, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import "../../features/account/texts";
import { maskPhone, signupFormSchema } from "../../features/account/schema";
import { translateSubmission } from "../../lib/form-errors";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { buttonClasses } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { describedBy, Field, Input, PasswordField } from "../../components/ui/Input";
import { createI18n } from "../../i18n";
import { resolveLanguage } from "../../i18n/language.server";
import { actionForm } from "../../lib/form.server";
import { describeErrorCode } from "../../lib/errors";
import { pageTitle } from "../../lib/meta";
import { signupAndEnter, signupPage } from "./signup.server";
import { passwordHint } from "../../lib/password";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "account.signup.title");

export async function loader({ context }: LoaderFunctionArgs) {
  return signupPage(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const lang = resolveLanguage(request, null);
  const t = createI18n(lang).getFixedT(lang);
  const form = await actionForm(request);
  const submission = translateSubmission(parseWithZod(form, { schema: signupFormSchema }), t);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), failure: null }, { status: 400 });
  const { "cf-turnstile-response": turnstileToken, ...fields } = submission.value;
  const failure = await signupAndEnter(request, context, { ...fields, turnstileToken });
  return data({ result: submission.reply({ hideFields: ["password"] }), failure }, { status: 400 });
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Spec 001's signup: a company, its admin and a public plan, on the platform's trial. */
/** The signup's text fields: the person, then their company and its e-mail. */
const SIGNUP_LABELS = { ownerName: "account.signup.ownerName", name: "account.signup.company", email: "account.signup.email" } as const;
const SIGNUP_AUTOCOMPLETE = { ownerName: "name", name: "organization", email: "email" } as const;

export default function Signup() {
  const { t } = useTranslation();
  const { open, plans, trialDays, turnstileSiteKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { planId: plans.length === 1 ? String(plans[0]!.id) : undefined },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: signupFormSchema }), t),
  });
  // The mask rewrites what is typed: the form holds the masked text (a conform control), not the page.
  const phone = useInputControl(fields.phone);
  const failure = actionData?.failure && !submitting ? actionData.failure : null;
  const planError = fields.planId.errors?.[0] ?? (failure?.field === "planId" ? describeErrorCode(failure.code, t) : undefined);

  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("account.signup.title")}</h1>
      {!open ? (
        <EmptyState
          icon={Lock}
          title={t("account.signup.closed")}
          action={
            <Link to="/login" className={buttonClasses("outline")}>
              {t("auth.backToLogin")}
            </Link>
          }
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{t("account.signup.intro", { count: trialDays })}</p>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
            {(["ownerName", "name", "email"] as const).map((name) => {
              const field = fields[name];
              const error = field.errors?.[0];
              return (
                <Field key={name} id={field.id} label={t(SIGNUP_LABELS[name])} error={error}>
                  <Input
                    id={field.id}
                    name={field.name}
                    key={field.key}
                    defaultValue={field.initialValue}
                    type={name === "email" ? "email" : "text"}
                    autoComplete={SIGNUP_AUTOCOMPLETE[name]}
                    autoFocus={name === "ownerName"}
                    invalid={!!error}
                    aria-describedby={describedBy(field.id, error)}
                  />
                </Field>
              );
            })}
            <Field id={fields.phone.id} label={t("account.signup.phone")} error={fields.phone.errors?.[0]}>
              <Input
                id={fields.phone.id}
                name={fields.phone.name}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(99) 99999-9999"
                value={phone.value ?? ""}
                onChange={(e) => phone.change(maskPhone(e.target.value))}
                invalid={!!fields.phone.errors?.[0]}
              />
            </Field>
            <PasswordField field={fields.password} label={t("account.signup.password")} hint={passwordHint(t)} autoComplete="new-password" />
            <fieldset aria-describedby={planError ? `${fields.planId.id}-error` : undefined}>
              <legend className="mb-1.5 text-sm font-medium text-fg">{t("account.signup.plan")}</legend>
              {plans.length === 0 ? <p className="text-sm text-muted">{t("account.signup.noPlans")}</p> : null}
              <div className="grid gap-2 sm:grid-cols-2">
                {plans.map((plan) => (
                  <label
                    key={plan.id}
                    className={cn(
                      "flex cursor-pointer flex-col gap-0.5 rounded-lg border border-line-strong p-3 text-sm transition-colors",
                      "has-[:checked]:border-brand has-[:checked]:bg-brand/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/25",
                    )}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      <input
                        type="radio"
                        name={fields.planId.name}
                        value={plan.id}
                        defaultChecked={fields.planId.initialValue === String(plan.id)}
                        className="accent-[var(--color-brand,currentColor)]"
                      />
                      {plan.name}
                    </span>
                    <span className="text-base font-semibold">{t("account.signup.perMonth", { value: brl.format(plan.value) })}</span>
                    <span className="text-xs text-muted">{[t("account.signup.users", { count: plan.users }), t("account.signup.connections", { count: plan.connections }), t("account.signup.queues", { count: plan.queues })].join(" · ")}</span>
                  </label>
                ))}
              </div>
              {planError ? (
                <p id={`${fields.planId.id}-error`} role="alert" className="mt-1.5 text-xs font-medium text-danger">
                  {planError}
                </p>
              ) : null}
            </fieldset>
            {turnstileSiteKey ? (
              <>
                <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />
                <div className="cf-turnstile" data-sitekey={turnstileSiteKey} aria-label={t("account.signup.captcha")} />
              </>
            ) : null}
            {failure && failure.field !== "planId" ? (
              <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {describeErrorCode(failure.code, t)}
              </p>
            ) : null}
            <Button type="submit" loading={submitting} className="w-full">
              {submitting ? t("account.signup.submitting") : t("account.signup.submit")}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        {t("account.signup.haveAccount")}{" "}
        <Link to="/login" className="font-medium text-brand-text hover:underline">
          {t("account.signup.login")}
        </Link>
      </p>
    </section>
  );
}
