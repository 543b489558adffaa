import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { deleteQueue } from "./api";
import { QueueDialog } from "./QueueDialog";
import { QueuesTable } from "./QueuesTable";
import type { QueueRow } from "./types";
import { useQueueList } from "./useQueueList";
import "./texts";

/** /queues (spec 002): the company's queues, an add/edit dialog with the option tree, delete with confirmation. */
export function QueuesPage() {
  const { t } = useTranslation();
  const list = useQueueList();
  const [dialog, setDialog] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  const deletion = useRowDeletion((row: QueueRow) => deleteQueue(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("queues.deleted"),
  });


  const openAdd = () => setDialog({ open: true, queueId: null });
  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("queues.title")}
        count={list.loaded ? list.items.length : undefined}
        actions={
          <Button onClick={openAdd} className="w-full sm:w-auto">
            <Plus className="size-4" aria-hidden />
            {t("queues.add")}
          </Button>
        }
        className="[&>div]:w-full sm:[&>div]:w-auto"
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <div className="min-h-0 flex-1 overflow-y-auto">
          <QueuesTable
            queues={list.items}
            loaded={list.loaded}
            onAdd={openAdd}
            onEdit={(queue) => setDialog({ open: true, queueId: queue.id })}
            onDelete={deletion.ask}
          />
        </div>
      </Card>
      <QueueDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        queueId={dialog.queueId}
        onSaved={list.upsert}
        // A new queue kept open to build its options: the dialog goes on as that queue's editor.
        onCreatedAndKept={(queue) => setDialog({ open: true, queueId: queue.id })}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("queues.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("queues.deleteMessage")}
      />
    </PageFrame>
  );
}
