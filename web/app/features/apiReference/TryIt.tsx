import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { JsonSchema, OpenApiMethod, OpenApiOperation } from "../../../../worker/contracts/publicApi/openApiDocument";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, PasswordInput, textareaClasses } from "../../components/ui/Input";
import { useApiToken } from "./apiToken";
import { CodeBlock, json } from "./CodeBlock";
import { sampleOf } from "./reference";
import { answerOf, tryRequest, type TryAnswer } from "./tryIt";

/**
 * "Experimentar": one operation called from the browser with the visitor's API token, its path and query parameters
 * and its body (started from the example), showing the API's own answer: status, headers and body.
 */
export function TryIt({
  serverUrl,
  method,
  path,
  operation,
  components,
}: {
  serverUrl: string;
  method: OpenApiMethod;
  path: string;
  operation: OpenApiOperation;
  components: Record<string, JsonSchema>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [token, setToken] = useApiToken();
  const fields = operation.parameters.filter((p) => p.in === "path" || p.in === "query");
  const [values, setValues] = useState<Record<string, string>>({});
  const media = operation.requestBody?.content["application/json"];
  const [body, setBody] = useState(() => (media ? json(media.example ?? sampleOf(media.schema, components)) : ""));
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<TryAnswer | { failure: string } | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!token.trim()) found.token = t("apiReference.tryIt.required");
    for (const field of fields) if (field.required && !values[field.name]?.trim()) found[field.name] = t("apiReference.tryIt.required");
    if (media) {
      try {
        JSON.parse(body);
      } catch {
        found.body = t("apiReference.tryIt.invalidJson");
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = tryRequest(serverUrl, method, path, operation, { token, values, body, idempotencyKey });
    setSending(true);
    try {
      setAnswer(await answerOf(await fetch(request.url, request.init)));
    } catch {
      setAnswer({ failure: t("apiReference.tryIt.networkError") });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-3 rounded-lg border border-line bg-surface-2 p-3 sm:p-4" aria-label={`${t("apiReference.tryIt.open")}: ${operation.summary}`}>
      <Field id={`${id}-token`} label={t("apiReference.tryIt.token")} error={errors.token} hint={t("apiReference.tryIt.tokenHint")}>
        <PasswordInput
          id={`${id}-token`}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="zdk_…"
          invalid={!!errors.token}
          aria-describedby={describedBy(`${id}-token`, errors.token, t("apiReference.tryIt.tokenHint"))}
        />
      </Field>
      {fields.map((field) => (
        <Field
          key={`${field.in}:${field.name}`}
          id={`${id}-${field.name}`}
          label={
            <>
              <code className="font-mono">{field.name}</code> <span className="text-xs font-normal text-subtle">({t(`apiReference.in.${field.in}`)})</span>
            </>
          }
          error={errors[field.name]}
          hint={field.description}
        >
          <Input
            id={`${id}-${field.name}`}
            value={values[field.name] ?? ""}
            onChange={(e) => setValues((all) => ({ ...all, [field.name]: e.target.value }))}
            placeholder={field.example !== undefined ? String(field.example) : field.schema.default !== undefined ? String(field.schema.default) : undefined}
            invalid={!!errors[field.name]}
            aria-describedby={describedBy(`${id}-${field.name}`, errors[field.name], field.description)}
          />
        </Field>
      ))}
      {method === "post" ? (
        <Field id={`${id}-idempotency`} label={t("apiReference.tryIt.idempotencyKey")}>
          <Input id={`${id}-idempotency`} value={idempotencyKey} onChange={(e) => setIdempotencyKey(e.target.value)} spellCheck={false} />
        </Field>
      ) : null}
      {media ? (
        <Field id={`${id}-body`} label={t("apiReference.tryIt.body")} error={errors.body}>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={Math.min(14, body.split("\n").length + 1)}
            spellCheck={false}
            aria-invalid={!!errors.body || undefined}
            aria-describedby={describedBy(`${id}-body`, errors.body)}
            className={`${textareaClasses} font-mono text-xs`}
          />
        </Field>
      ) : null}
      <div>
        <Button type="submit" loading={sending}>
          {sending ? t("apiReference.tryIt.sending") : t("apiReference.tryIt.send")}
        </Button>
      </div>
      {answer ? <Answer answer={answer} /> : null}
    </form>
  );
}

function Answer({ answer }: { answer: TryAnswer | { failure: string } }) {
  const { t } = useTranslation();
  if ("failure" in answer) {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {answer.failure}
      </p>
    );
  }
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <section aria-live="polite" className="flex flex-col gap-2" aria-label={t("apiReference.tryIt.answer")}>
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        {t("apiReference.tryIt.answer")}
        <span data-testid="try-status" className={`rounded-full px-2 py-0.5 font-mono text-xs ${ok ? "bg-brand-soft text-brand-text" : "bg-danger-soft text-danger"}`}>
          {answer.status} {answer.statusText}
        </span>
      </h4>
      <details>
        <summary className="cursor-pointer text-xs text-muted">{t("apiReference.tryIt.headers")}</summary>
        <CodeBlock code={answer.headers.map(([name, value]) => `${name}: ${value}`).join("\n")} />
      </details>
      {answer.body ? <CodeBlock code={answer.body} label={t("apiReference.tryIt.answer")} /> : null}
    </section>
  );
}
