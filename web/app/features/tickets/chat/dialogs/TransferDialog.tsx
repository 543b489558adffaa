import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../../components/ui/Dialog";
import { describedBy, Field } from "../../../../components/ui/Input";
import { Select } from "../../../../components/ui/Select";
import { toastError } from "../../../../lib/errors";
import { listCompanyUsers, listConnections, listQueues, updateTicket } from "../api";
import { MIN_SEARCH_CHARS } from "../rules/forward";
import { transitions } from "../rules/ticketActions";
import type { ChatTicket, ConnectionRef, QueueRef, UserRef } from "../types";
import { UserPicker } from "./UserPicker";
import "../texts";

/**
 * Transfer (spec 000 sections 4 and 5): a queue and a connection are required; a user is optional (searched
 * from 3 characters) — without one the ticket goes back to waiting in the chosen queue.
 */
export function TransferDialog({ ticket, open, onOpenChange, onDone }: { ticket: ChatTicket; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("ticketChat.transfer.title")} size="md">
        {open ? <TransferForm ticket={ticket} onCancel={() => onOpenChange(false)} onDone={onDone} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TransferForm({ ticket, onCancel, onDone }: { ticket: ChatTicket; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [queues, setQueues] = useState<QueueRef[] | null>(null);
  const [connections, setConnections] = useState<ConnectionRef[] | null>(null);
  const [users, setUsers] = useState<UserRef[]>([]);
  const [queueId, setQueueId] = useState("");
  const [whatsappId, setWhatsappId] = useState(ticket.whatsappId ? String(ticket.whatsappId) : "");
  const [user, setUser] = useState<UserRef | null>(null);
  const [errors, setErrors] = useState<{ queue?: string; connection?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    Promise.all([listQueues(), listConnections(), listCompanyUsers()])
      .then(([q, c, u]) => {
        setQueues(q);
        setConnections(c);
        setUsers(u);
        if (!ticket.whatsappId && c.length === 1) setWhatsappId(String(c[0]!.id));
      })
      .catch((err) => {
        setQueues([]);
        setConnections([]);
        toastError(err);
      });
  }, [ticket.whatsappId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      queue: queueId ? undefined : t("ticketChat.transfer.queueRequired"),
      connection: whatsappId ? undefined : t("ticketChat.transfer.connectionRequired"),
    };
    setErrors(next);
    if (next.queue || next.connection) return;
    setSaving(true);
    try {
      await updateTicket(ticket.id, transitions.transfer({ userId: user?.id ?? null, queueId: Number(queueId), whatsappId: Number(whatsappId) }));
      onDone();
    } catch (err) {
      toastError(err);
      setSaving(false);
    }
  };

  const loading = queues === null;
  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <Field id="transfer-queue" label={t("ticketChat.transfer.queue")} error={errors.queue}>
          <Select
            id="transfer-queue"
            value={queueId || undefined}
            onValueChange={(v) => {
              setQueueId(v);
              setErrors((e) => ({ ...e, queue: undefined }));
            }}
            options={(queues ?? []).map((q) => ({
              value: String(q.id),
              label: (
                <span className="inline-flex items-center gap-2">
                  <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                  {q.name}
                </span>
              ),
            }))}
            placeholder={loading ? t("common.loading") : t("ticketChat.transfer.queuePlaceholder")}
            invalid={!!errors.queue}
            aria-describedby={describedBy("transfer-queue", errors.queue)}
          />
        </Field>
        <Field id="transfer-connection" label={t("ticketChat.transfer.connection")} error={errors.connection}>
          <Select
            id="transfer-connection"
            value={whatsappId || undefined}
            onValueChange={(v) => {
              setWhatsappId(v);
              setErrors((e) => ({ ...e, connection: undefined }));
            }}
            options={(connections ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            placeholder={loading ? t("common.loading") : t("ticketChat.transfer.connectionPlaceholder")}
            invalid={!!errors.connection}
            aria-describedby={describedBy("transfer-connection", errors.connection)}
          />
        </Field>
        <Field id="transfer-user" label={t("ticketChat.transfer.user")} hint={user ? undefined : t("ticketChat.transfer.userHint", { min: MIN_SEARCH_CHARS })}>
          <UserPicker id="transfer-user" users={users} value={user} onChange={setUser} />
        </Field>
        <p className="text-xs text-muted">{user ? t("ticketChat.transfer.toUser", { name: user.name }) : t("ticketChat.transfer.toPending")}</p>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving}>
          {t("ticketChat.transfer.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
