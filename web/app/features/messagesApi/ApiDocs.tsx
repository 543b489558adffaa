import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EXTERNAL_API_RATE_LIMIT } from "../../../../worker/contracts/externalApi";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "../../../../worker/contracts/messages";
import { errorCatalogue, type ErrorCode } from "../../../../worker/contracts/errors";
import { Card } from "../../components/layout/Page";
import { describeErrorCode } from "../../lib/errors";
import { API_DOCS_PATH } from "../apiReference/paths";
import { SEND_PATH } from "./sendTest";
import "./texts";

/** The codes POST /api/messages/send answers with, in the order a request meets them. */
const ERROR_CODES: ErrorCode[] = [
  "ERR_INVALID_API_TOKEN",
  "ERR_COMPANY_INACTIVE",
  "ERR_SUBSCRIPTION_EXPIRED",
  "ERR_PLAN_FEATURE_DISABLED",
  "ERR_RATE_LIMITED",
  "ERR_UNSUPPORTED_CONTENT_TYPE",
  "ERR_VALIDATION",
  "ERR_INVALID_JSON",
  "ERR_UNSUPPORTED_MEDIA_TYPE",
  "ERR_PAYLOAD_TOO_LARGE",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_IDEMPOTENCY_KEY_REUSED",
  "ERR_IDEMPOTENCY_KEY_IN_PROGRESS",
];

const RESPONSE_EXAMPLE = `{
  "contact": { "id": 42, "name": "5511999998888", "number": "5511999998888" },
  "ticket": { "id": 1201, "uuid": "…", "status": "pending", "createdNow": true },
  "messages": [
    { "id": 9876, "body": "Olá!", "mediaType": "chat", "mediaName": null, "ack": 0, "createdAt": "2025-01-01T12:00:00.000Z" }
  ]
}`;

export function ApiDocs({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const url = `${origin}${SEND_PATH}`;
  const jsonExample = `curl -X POST '${url}' \\
  -H 'Authorization: Bearer SEU_TOKEN' \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: 6f1c0a52-4a8e-4c4e-9a57-2d0a4b8f5e11' \\
  -d '{ "number": "5511999998888", "body": "Olá!", "closeTicket": false }'`;
  const multipartExample = `curl -X POST '${url}' \\
  -H 'Authorization: Bearer SEU_TOKEN' \\
  -F 'number=5511999998888' \\
  -F 'body=Segue o boleto' \\
  -F 'medias=@boleto.pdf'`;

  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <p className="text-sm text-muted">{t("messagesApi.intro")}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-brand-soft px-3 py-2 text-sm text-fg">
        {t("messagesApi.publicApi")}
        <Link to={API_DOCS_PATH} className="inline-flex items-center gap-1 font-medium text-brand-text underline underline-offset-2 max-sm:min-h-11">
          {t("messagesApi.publicApiLink")}
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </p>
      <Section title={t("messagesApi.docs.endpoint")}>
        <Code>{`POST ${url}`}</Code>
      </Section>
      <Section title={t("messagesApi.docs.headers")}>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code> — {t("messagesApi.docs.authHeader")}
          </li>
          <li>
            <code className="font-mono text-xs">Content-Type: application/json</code> | <code className="font-mono text-xs">multipart/form-data</code>
          </li>
          <li>
            <code className="font-mono text-xs">Idempotency-Key: &lt;uuid&gt;</code> — {t("messagesApi.docs.idempotencyHeader")}
          </li>
        </ul>
      </Section>
      <Section title={t("messagesApi.docs.fields")}>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            <code className="font-mono text-xs">number</code> — {t("messagesApi.docs.numberField")}
          </li>
          <li>
            <code className="font-mono text-xs">body</code> — {t("messagesApi.docs.bodyField")}
          </li>
          <li>
            <code className="font-mono text-xs">medias</code> —{" "}
            {t("messagesApi.docs.mediasField", { files: MAX_MEDIA_FILES, mb: MAX_MEDIA_BYTES / 1024 / 1024 })}
          </li>
          <li>
            <code className="font-mono text-xs">closeTicket</code> — {t("messagesApi.docs.closeTicketField")}
          </li>
        </ul>
      </Section>
      <Section title={t("messagesApi.docs.jsonExample")}>
        <Code>{jsonExample}</Code>
      </Section>
      <Section title={t("messagesApi.docs.multipartExample")}>
        <Code>{multipartExample}</Code>
      </Section>
      <Section title={t("messagesApi.docs.behaviour")}>
        <p className="text-sm">{t("messagesApi.docs.behaviourText")}</p>
      </Section>
      <Section title={t("messagesApi.docs.response")}>
        <Code>{RESPONSE_EXAMPLE}</Code>
      </Section>
      <Section title={t("messagesApi.docs.idempotency")}>
        <p className="text-sm">{t("messagesApi.docs.idempotencyText")}</p>
      </Section>
      <Section title={t("messagesApi.docs.rateLimit")}>
        <p className="text-sm">{t("messagesApi.docs.rateLimitText", { max: EXTERNAL_API_RATE_LIMIT.max })}</p>
      </Section>
      <Section title={t("messagesApi.docs.errors")}>
        <p className="mb-2 text-sm">{t("messagesApi.docs.errorsText")}</p>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-1.5 pr-3 font-medium">{t("messagesApi.docs.status")}</th>
                <th className="py-1.5 pr-3 font-medium">{t("messagesApi.docs.code")}</th>
                <th className="py-1.5 font-medium">{t("messagesApi.docs.meaning")}</th>
              </tr>
            </thead>
            <tbody>
              {ERROR_CODES.map((code) => (
                <tr key={code} className="border-t border-line">
                  <td className="py-1.5 pr-3 tabular-nums">{errorCatalogue[code][0]}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{code}</td>
                  <td className="py-1.5">{describeErrorCode(code, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

export function Code({ children }: { children: string }) {
  return <pre className="overflow-x-auto rounded-lg bg-surface-3 p-3 font-mono text-xs whitespace-pre text-fg">{children}</pre>;
}
