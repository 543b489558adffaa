import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { loginFormSchema } from "../../features/auth/schema";
import { createI18n } from "../../i18n";
import { resolveLanguage } from "../../i18n/language.server";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import { api } from "../../lib/api";
import { actionForm } from "../../lib/form.server";
import { describeErrorCode } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { pageTitle } from "../../lib/meta";
import { loginAndRedirect } from "./login.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "auth.title");

export async function action({ request, context }: ActionFunctionArgs) {
  const lang = resolveLanguage(request, null);
  const t = createI18n(lang).getFixedT(lang);
  const submission = parseWithZod(await actionForm(request), { schema: loginFormSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), failure: null }, { status: 400 });
  const failure = await loginAndRedirect(request, context, submission.value);
  return data({ result: submission.reply({ hideFields: ["password"] }), failure }, { status: 400 });
}

/** Whether the register link shows (spec: only when the platform setting viewregister is enabled). */
function useRegisterVisible(): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let live = true;
    api<{ value?: string }>("/settings/viewregister", { auth: false })
      .then((body) => live && setVisible(body?.value === "enabled"))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return visible;
}

export default function Login() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const registerVisible = useRegisterVisible();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema = useMemo(() => loginFormSchema(t), [t]);

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // Errors from the server go through the one error handler, as toasts.
  useEffect(() => {
    if (actionData?.failure) toast.error(describeErrorCode(actionData.failure.code, t, actionData.failure.dueDate));
  }, [actionData, t]);

  // A session that ended elsewhere (replaced, company expired) says why once, then the URL is cleaned.
  useEffect(() => {
    const ended = searchParams.get("ended");
    if (!ended) return;
    toast.error(describeErrorCode(ended, t, searchParams.get("detail") ?? undefined));
    setSearchParams({}, { replace: true });
    // Once per arrival, not on every search-param change.
  }, []);

  const emailError = fields.email.errors?.[0];
  const passwordError = fields.password.errors?.[0];
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t("auth.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("auth.subtitle")}</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
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
            invalid={!!passwordError}
            aria-describedby={describedBy(fields.password.id, passwordError)}
          />
        </Field>
        <div className="-mt-1 flex justify-end">
          <Link to="/forgetpsw" className="text-sm font-medium text-brand-text hover:underline">
            {t("auth.forgot")}
          </Link>
        </div>
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
