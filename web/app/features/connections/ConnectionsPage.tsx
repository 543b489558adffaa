import { Plus, RotateCw } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ListFailed, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { deleteConnection, disconnectSession, restartAllSessions, restartSession, startSession } from "./api";
import { ConnectionDialog } from "./ConnectionDialog";
import { ConnectionsTable, type ConnectionActions } from "./ConnectionsTable";
import { QrDialog } from "./QrDialog";
import type { Connection, ConnectionRow } from "./types";
import { useConnectionList } from "./useConnectionList";
import "./texts";

/** The connections page (spec 001 §2 and §4): the company's WhatsApp connections and their sessions. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const mayAdd = can(user, "connections-page:addConnection");
  const mayAct = can(user, "connections-page:actionButtons");
  const mayEdit = can(user, "connections-page:editOrDeleteConnection");
  const list = useConnectionList();
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<ConnectionRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [addChannel, setAddChannel] = useState<ConnectionRow["channel"]>("baileys");
  const [qrFor, setQrFor] = useState<ConnectionRow | null>(null);
  const [disconnecting, setDisconnecting] = useState<ConnectionRow | null>(null);
  const deletion = useRowDeletion((row: ConnectionRow) => deleteConnection(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("connections.deleted"),
  });
  const [restartingAll, setRestartingAll] = useState(false);
  const closeQr = useCallback(() => setQrFor(null), []);

  const saved = (c: Connection) => list.upsert(c);
  /** Runs a session command for a row, its buttons waiting meanwhile; the answer updates the row. */
  const sessionCommand = async (row: ConnectionRow, command: (id: number) => Promise<Connection>) => {
    setBusy((b) => new Set(b).add(row.id));
    try {
      list.upsert(await command(row.id));
    } catch (err) {
      toastError(err);
      throw err;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(row.id);
        return next;
      });
    }
  };
  const restart = (row: ConnectionRow, command: (id: number) => Promise<Connection>) => {
    toast.info(t("connections.restarting"));
    void sessionCommand(row, command).catch(() => undefined);
  };

  const actions: ConnectionActions = {
    onQr: setQrFor,
    onStart: (row) => void sessionCommand(row, startSession).catch(() => undefined),
    onNewQr: (row) => restart(row, restartSession),
    onRestart: (row) => restart(row, restartSession),
    onDisconnect: setDisconnecting,
    onEdit: (row) => {
      setEditing(row);
      setDialogOpen(true);
    },
    onNewToken: (row) => {
      setEditing(row);
      setDialogOpen(true);
    },
    onDelete: deletion.ask,
    // WhatsApp refused a WhatsApp Web number: the add dialog on the official API (issue 30).
    onOfficialApi: mayAdd
      ? () => {
          setEditing(null);
          setAddChannel("cloud");
          setDialogOpen(true);
        }
      : undefined,
  };

  const restartAll = async () => {
    toast.info(t("connections.restarting"));
    setRestartingAll(true);
    try {
      const { failed } = await restartAllSessions();
      if (failed.length > 0) toast.error(t("connections.restartPartial", { count: failed.length }));
    } catch (err) {
      toastError(err);
    } finally {
      setRestartingAll(false);
    }
  };

  return (
    <PageFrame className="h-full min-h-0">
      <PageHeader
        title={t("connections.title")}
        count={list.loaded && !list.failed ? list.items.length : undefined}
        actions={
          <>
            {mayAct && list.items.length > 0 ? (
              <Button variant="outline" onClick={restartAll} loading={restartingAll} className="flex-1 sm:flex-none">
                {restartingAll ? null : <RotateCw className="size-4" aria-hidden />}
                {t("connections.restartAll")}
              </Button>
            ) : null}
            {mayAdd ? (
              <Button
                onClick={() => {
                  setEditing(null);
                  setAddChannel("baileys");
                  setDialogOpen(true);
                }}
                className="flex-1 sm:flex-none"
              >
                <Plus className="size-4" aria-hidden />
                {t("connections.add")}
              </Button>
            ) : null}
          </>
        }
        className="[&>div]:w-full sm:[&>div]:w-auto"
      />
      <Card className="min-h-0 flex-1 overflow-auto">
        {list.failed ? (
          <ListFailed message={t("connections.loadFailed")} retryLabel={t("connections.retry")} onRetry={list.reload} />
        ) : (
          <ConnectionsTable
            items={list.items}
            loaded={list.loaded}
            timeZone={user.company.timezone}
            busy={busy}
            mayAct={mayAct}
            mayEdit={mayEdit}
            actions={actions}
          />
        )}
      </Card>
      <ConnectionDialog open={dialogOpen} onOpenChange={setDialogOpen} connection={editing} channel={addChannel} onSaved={saved} />
      <QrDialog connection={qrFor} onClose={closeQr} />
      <ConfirmDialog
        open={!!disconnecting}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title={t("connections.confirm.disconnectTitle", { name: disconnecting?.name ?? "" })}
        message={t("connections.confirm.disconnectMessage")}
        confirmLabel={t("connections.buttons.disconnect")}
        onConfirm={() => (disconnecting ? sessionCommand(disconnecting, disconnectSession) : undefined)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("connections.confirm.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("connections.confirm.deleteMessage")}
      />
    </PageFrame>
  );
}
