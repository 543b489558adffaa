import { BookOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { useBusyRows, useRowDeletion } from "../../components/list";
import { buttonClasses } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { deleteWebhook, rotateWebhookSecret, sendTestEvent, updateWebhook } from "./api";
import { API_REFERENCE_PATH, SecretDialog } from "./SecretDialog";
import type { WebhookRow } from "./types";
import { useWebhookList } from "./useWebhookList";
import { WebhookDialog } from "./WebhookDialog";
import { WebhooksTable } from "./WebhooksTable";
import "./texts";

/** /webhooks (admins): the company's event webhooks, their state and actions; each row opens its delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const list = useWebhookList();
  const [dialog, setDialog] = useState<{ webhook: WebhookRow | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState<WebhookRow | null>(null);
  const { busy, run } = useBusyRows();
  const deletion = useRowDeletion((row: WebhookRow) => deleteWebhook(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("webhooks.deleted"),
    tone: "info",
  });

  const test = (webhook: WebhookRow) =>
    run(webhook.id, async () => {
      await sendTestEvent(webhook.id);
      toast.success(t("webhooks.testSent"));
    });
  const toggle = (webhook: WebhookRow) =>
    run(webhook.id, async () => {
      const resume = webhook.status === "paused";
      list.upsert(await updateWebhook(webhook.id, { active: resume }));
      toast.success(t(resume ? "webhooks.resumed" : "webhooks.paused"));
    });
  const rotate = async () => {
    if (!rotating) return;
    try {
      setSecret((await rotateWebhookSecret(rotating.id)).secret);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("webhooks.title")}
        count={list.loaded ? list.count : undefined}
        actions={
          <a href={API_REFERENCE_PATH} target="_blank" rel="noreferrer" className={buttonClasses("outline", "md", "w-full sm:w-auto")}>
            <BookOpen className="size-4" aria-hidden />
            {t("webhooks.reference")}
          </a>
        }
        add={{ label: t("webhooks.add"), onClick: () => setDialog({ webhook: null }) }}
      />
      <p className="-mt-2 text-sm text-muted">{t("webhooks.intro")}</p>
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <div className="min-h-0 flex-1 overflow-auto">
          <WebhooksTable
            rows={list.items}
            loaded={list.loaded}
            busy={busy}
            onEdit={(webhook) => setDialog({ webhook })}
            onTest={test}
            onToggle={toggle}
            onRotate={setRotating}
            onDelete={deletion.ask}
          />
        </div>
      </Card>
      <WebhookDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        webhook={dialog?.webhook ?? null}
        onSaved={(webhook) => list.upsert(webhook)}
        onCreated={(created) => {
          list.upsert(created.subscription, true);
          setSecret(created.secret);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={t("webhooks.rotateTitle")}
        message={t("webhooks.rotateMessage")}
        confirmLabel={t("webhooks.rotateConfirm")}
        onConfirm={rotate}
      />
      <ConfirmDialog {...deletion.dialog} title={t("webhooks.deleteTitle", { url: deletion.row?.url ?? "" })} message={t("webhooks.deleteMessage")} />
    </PageFrame>
  );
}
