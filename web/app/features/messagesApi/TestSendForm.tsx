import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import { Code } from "./ApiDocs";
import { sendTestMessage, type TestSendResult } from "./sendTest";
import "./texts";

type Errors = Partial<Record<"token" | "number" | "body" | "file", string>>;

/**
 * One test form: text, or text + one file (`withFile`). It calls the real endpoint with the pasted token and
 * shows the raw answer, so what the user sees here is what an integration gets. The server validates again.
 */
export function TestSendForm({ withFile }: { withFile: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TestSendResult | null>(null);
  const [networkError, setNetworkError] = useState(false);

  function validate(): Errors {
    const found: Errors = {};
    if (!token.trim()) found.token = t("messagesApi.test.required");
    if (!number.trim()) found.number = t("messagesApi.test.required");
    else if (!/^\d{8,17}$/.test(number.trim())) found.number = t("messagesApi.test.digitsOnly");
    if (withFile && !file) found.file = t("messagesApi.test.required");
    if (!withFile && !body.trim()) found.body = t("messagesApi.test.required");
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setNetworkError(false);
    try {
      setResult(await sendTestMessage({ token, number, body, file: withFile ? file : null, idempotencyKey }));
    } catch {
      setResult(null);
      setNetworkError(true);
    } finally {
      setSending(false);
    }
  }

  const field = (name: keyof Errors | "key") => `${id}-${name}`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id={field("token")} label={t("messagesApi.test.token")} error={errors.token} hint={t("messagesApi.test.tokenHint")}>
        <PasswordInput
          id={field("token")}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          invalid={!!errors.token}
          aria-describedby={describedBy(field("token"), errors.token, true)}
        />
      </Field>
      <Field id={field("number")} label={t("messagesApi.test.number")} error={errors.number} hint={t("messagesApi.test.numberHint")}>
        <Input
          id={field("number")}
          value={number}
          inputMode="numeric"
          placeholder="5511999998888"
          onChange={(e) => setNumber(e.target.value)}
          invalid={!!errors.number}
          aria-describedby={describedBy(field("number"), errors.number, true)}
        />
      </Field>
      <Field id={field("body")} label={t("messagesApi.test.body")} error={errors.body}>
        <textarea
          id={field("body")}
          value={body}
          rows={3}
          onChange={(e) => setBody(e.target.value)}
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
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            invalid={!!errors.file}
            aria-describedby={describedBy(field("file"), errors.file)}
            className="h-auto py-2"
          />
        </Field>
      ) : null}
      <Field id={field("key")} label={t("messagesApi.test.idempotencyKey")}>
        <Input id={field("key")} value={idempotencyKey} onChange={(e) => setIdempotencyKey(e.target.value)} autoComplete="off" />
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
