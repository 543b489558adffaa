import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TestSessionResult } from "../../../../worker/contracts/queueIntegrations";
import { Button } from "../../components/ui/Button";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { testDialogflowSession } from "./api";

/**
 * The dialogflow test button (spec 002's testSession): one exchange with the agent, with the form's project,
 * language and service account (or the saved one when the field is blank), and the agent's answer shown here.
 */
export function DialogflowTest({ id, projectName, jsonContent, language }: { id?: number; projectName: string; jsonContent: string; language: string }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TestSessionResult | null>(null);

  async function run() {
    setRunning(true);
    setResult(null);
    try {
      const answer = await testDialogflowSession({ ...(id ? { id } : {}), projectName, jsonContent, language });
      setResult(answer);
      if (answer.ok) toast.success(t("queueIntegrations.tested"));
    } catch (err) {
      toastError(err);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="sm:col-span-2 flex flex-col gap-2">
      <div>
        <Button variant="outline" onClick={run} loading={running} data-testid="dialogflow-test">
          {running ? t("queueIntegrations.dialog.testing") : t("queueIntegrations.dialog.test")}
        </Button>
      </div>
      <div role="status" aria-live="polite" data-testid="dialogflow-test-result">
        {result?.ok ? (
          <div className="rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
            <p className="text-muted">{result.texts.length ? t("queueIntegrations.dialog.testSaid", { intent: result.intent ?? "—" }) : t("queueIntegrations.dialog.testNoText", { intent: result.intent ?? "—" })}</p>
            {result.texts.map((text, i) => (
              <p key={i} className="mt-1 whitespace-pre-wrap">
                {text}
              </p>
            ))}
            {result.endInteraction ? <p className="mt-1 text-muted">{t("queueIntegrations.dialog.testEnds")}</p> : null}
          </div>
        ) : result ? (
          <p className="rounded-lg border border-danger/40 px-3 py-2 text-sm text-danger">
            {t("queueIntegrations.dialog.testFailed", { reason: result.message || result.reason, status: result.status ? ` (HTTP ${result.status})` : "" })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
