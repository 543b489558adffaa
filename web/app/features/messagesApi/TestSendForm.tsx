import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { IDEMPOTENCY_KEY_MAX } from "../../../../worker/contracts/externalApi";
import { REQUIRED, TOO_LONG } from "../../../../worker/contracts/fieldMessages";
import { MAX_MESSAGE_BODY } from "../../../../worker/contracts/messages";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import { Code } from "./ApiDocs";
import { sendTestMessage, type TestSendResult } from "./sendTest";
import "./texts";

/**
 * The test form's rules: the API's limits, and the page's own asks (a token to paste; the number as digits only,
 * as the page documents it; text, or a file in the form with one).
 */
function testSendSchema(withFile: boolean) {
  const body = z.string().max(MAX_MESSAGE_BODY, TOO_LONG);
  return z.object({
    token: z.string({ error: REQUIRED }).trim(),
    number: z.string({ error: REQUIRED }).trim().regex(/^\d{8,17}$/, "messagesApi.test.digitsOnly"),
    body: withFile ? body.default("") : z.string({ error: REQUIRED }).refine((v) => v.trim().length > 0, REQUIRED).pipe(body),
    file: withFile ? z.instanceof(File, { message: REQUIRED }) : z.never().optional(),
    idempotencyKey: z.string().max(IDEMPOTENCY_KEY_MAX, TOO_LONG).default(""),
  });
}

/**
 * One test form: text, or text + one file (`withFile`). It calls the real endpoint with the pasted token and
 * shows the raw answer, so what the user sees here is what an integration gets. The server validates again.
 */
export function TestSendForm({ withFile }: { withFile: boolean }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TestSendResult | null>(null);
  const [networkError, setNetworkError] = useState(false);
  const schema = useMemo(() => testSendSchema(withFile), [withFile]);
  const { form, fields, saving: sending } = useContractForm({
    id: `test-send-${withFile ? "file" : "text"}`,
    schema,
    shouldValidate: "onSubmit",
    fields: [],
    async save(value) {
      setNetworkError(false);
      try {
        setResult(await sendTestMessage({ token: value.token, number: value.number, body: value.body, file: value.file ?? null, idempotencyKey: value.idempotencyKey }));
      } catch {
        setResult(null);
        setNetworkError(true);
      }
    },
  });
  const errors = { token: fields.token.errors?.[0], number: fields.number.errors?.[0], body: fields.body.errors?.[0], file: fields.file.errors?.[0] };
  const field = (name: "token" | "number" | "body" | "file" | "key") => (name === "key" ? fields.idempotencyKey.id : fields[name].id);

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <Field id={field("token")} label={t("messagesApi.test.token")} error={errors.token} hint={t("messagesApi.test.tokenHint")}>
        <PasswordInput
          id={field("token")}
          name={fields.token.name}
          autoComplete="off"
          invalid={!!errors.token}
          aria-describedby={describedBy(field("token"), errors.token, true)}
        />
      </Field>
      <Field id={field("number")} label={t("messagesApi.test.number")} error={errors.number} hint={t("messagesApi.test.numberHint")}>
        <Input
          id={field("number")}
          name={fields.number.name}
          inputMode="numeric"
          placeholder="5511999998888"
          invalid={!!errors.number}
          aria-describedby={describedBy(field("number"), errors.number, true)}
        />
      </Field>
      <Field id={field("body")} label={t("messagesApi.test.body")} error={errors.body}>
        <textarea
          id={field("body")}
          name={fields.body.name}
          rows={3}
          aria-invalid={!!errors.body || undefined}
          aria-describedby={describedBy(field("body"), errors.body)}
          className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg focus:border-brand focus:ring-2 focus:ring-brand/25 focus:outline-none aria-invalid:border-danger"
        />
      </Field>
      {withFile ? (
        <Field id={field("file")} label={t("messagesApi.test.file")} error={errors.file}>
          <Input
            id={field("file")}
            type="file"
            name={fields.file.name}
            invalid={!!errors.file}
            aria-describedby={describedBy(field("file"), errors.file)}
            className="h-auto py-2"
          />
        </Field>
      ) : null}
      <Field id={field("key")} label={t("messagesApi.test.idempotencyKey")}>
        <Input id={field("key")} name={fields.idempotencyKey.name} autoComplete="off" />
      </Field>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? t("messagesApi.test.sending") : t("messagesApi.test.send")}
        </Button>
      </div>
      {networkError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("messagesApi.test.networkError")}
        </p>
      ) : null}
      {result ? (
        <section aria-live="polite" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">
            {t("messagesApi.test.result")}:{" "}
            <span className={result.status < 300 ? "text-brand-text" : "text-danger"}>{result.status}</span>
          </h3>
          {result.replayed ? <p className="text-xs text-muted">{t("messagesApi.test.replayed")}</p> : null}
          <Code>{typeof result.body === "string" ? result.body : JSON.stringify(result.body, null, 2)}</Code>
        </section>
      ) : null}
    </form>
  );
}
