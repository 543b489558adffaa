import { useInputControl } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { platformIdText } from "../../../../../../worker/contracts/ids";
import { useContractForm } from "../../../../components/form/useContractForm";
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

/** A transfer's own rules (the API's patch takes each as optional): a queue and a connection, a user if any. */
const transferFormSchema = z.object({
  queueId: platformIdText("ticketChat.transfer.queueRequired", "ticketChat.transfer.queueRequired"),
  whatsappId: platformIdText("ticketChat.transfer.connectionRequired", "ticketChat.transfer.connectionRequired"),
  userId: platformIdText().optional(),
});

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
  const { form, fields, saving } = useContractForm({
    id: `transfer-form-${ticket.id}`,
    schema: transferFormSchema,
    defaultValue: { whatsappId: ticket.whatsappId ? String(ticket.whatsappId) : undefined },
    fields: ["queueId", "whatsappId", "userId"],
    shouldValidate: "onSubmit",
    async save({ queueId, whatsappId, userId }) {
      await updateTicket(ticket.id, transitions.transfer({ userId: userId ?? null, queueId, whatsappId }));
      onDone();
    },
  });
  const queue = useInputControl(fields.queueId);
  const connection = useInputControl(fields.whatsappId);
  const chosenUser = useInputControl(fields.userId);
  const user = users.find((u) => String(u.id) === chosenUser.value) ?? null;
  const queueError = fields.queueId.errors?.[0];
  const connectionError = fields.whatsappId.errors?.[0];

  useEffect(() => {
    Promise.all([listQueues(), listConnections(), listCompanyUsers()])
      .then(([q, c, u]) => {
        setQueues(q);
        setConnections(c);
        setUsers(u);
        if (!ticket.whatsappId && c.length === 1) connection.change(String(c[0]!.id));
      })
      .catch((err) => {
        setQueues([]);
        setConnections([]);
        toastError(err);
      });
  }, [ticket.whatsappId]);

  const loading = queues === null;
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <Field id="transfer-queue" label={t("ticketChat.transfer.queue")} error={queueError}>
          <Select
            id="transfer-queue"
            value={queue.value || undefined}
            onValueChange={queue.change}
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
            invalid={!!queueError}
            aria-describedby={describedBy("transfer-queue", queueError)}
          />
        </Field>
        <Field id="transfer-connection" label={t("ticketChat.transfer.connection")} error={connectionError}>
          <Select
            id="transfer-connection"
            value={connection.value || undefined}
            onValueChange={connection.change}
            options={(connections ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            placeholder={loading ? t("common.loading") : t("ticketChat.transfer.connectionPlaceholder")}
            invalid={!!connectionError}
            aria-describedby={describedBy("transfer-connection", connectionError)}
          />
        </Field>
        <Field id="transfer-user" label={t("ticketChat.transfer.user")} hint={user ? undefined : t("ticketChat.transfer.userHint", { min: MIN_SEARCH_CHARS })}>
          <UserPicker id="transfer-user" users={users} value={user} onChange={(picked) => chosenUser.change(picked ? String(picked.id) : "")} />
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
