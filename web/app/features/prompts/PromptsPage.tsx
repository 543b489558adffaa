import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { listQueues } from "../connections/api";
import { deletePrompt } from "./api";
import { PromptDialog } from "./PromptDialog";
import { PromptsTable } from "./PromptsTable";
import type { PromptRow, PromptUsage } from "./types";
import { usePromptList } from "./usePromptList";
import "./texts";

export function PromptsPage() {
  const { t } = useTranslation();
  const list = usePromptList();
  const [queues, setQueues] = useState<{ id: number; name: string }[]>([]);
  const [editing, setEditing] = useState<PromptRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: PromptRow) => deletePrompt(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("prompts.deleted"),
    tone: "info",
  });

  useEffect(() => {
    listQueues().then(setQueues, toastError);
  }, []);

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (prompt: PromptRow) => {
    setEditing(prompt);
    setDialogOpen(true);
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("prompts.title")}
        count={list.loaded ? list.items.length : undefined}
        actions={
          <Button onClick={openAdd} className="w-full sm:w-auto">
            <Plus className="size-4" aria-hidden />
            {t("prompts.add")}
          </Button>
        }
        className="[&>div]:w-full sm:[&>div]:w-auto"
      />
      {list.loaded ? <UsageSummary usage={list.usage} /> : null}
      <Card className="flex min-h-0 flex-1 flex-col overflow-auto">
        <PromptsTable prompts={list.items} loaded={list.loaded} onEdit={openEdit} onDelete={deletion.ask} />
      </Card>
      <PromptDialog open={dialogOpen} onOpenChange={setDialogOpen} prompt={editing} queues={queues} onSaved={list.upsert} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("prompts.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("prompts.deleteMessage")}
      />
    </PageFrame>
  );
}

/** The company's token usage, all prompts together (deleted ones included). */
function UsageSummary({ usage }: { usage: PromptUsage }) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const figures = [
    ["calls", usage.calls],
    ["promptTokens", usage.promptTokens],
    ["completionTokens", usage.completionTokens],
    ["failures", usage.failures],
  ] as const;
  return (
    <section aria-label={t("prompts.usage.title")} className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="prompt-usage">
      {figures.map(([key, value]) => (
        <div key={key} className="rounded-xl border border-line bg-surface px-4 py-3">
          <p className="text-xs text-muted">{t(`prompts.usage.${key}`)}</p>
          <p className="text-lg font-semibold tabular-nums">{format(value)}</p>
        </div>
      ))}
    </section>
  );
}
