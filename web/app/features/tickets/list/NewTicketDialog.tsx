import { useInputControl } from "@conform-to/react";
import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { platformIdText } from "../../../../../worker/contracts/ids";
import { useContractForm } from "../../../components/form/useContractForm";
import { Button } from "../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../components/ui/Dialog";
import { describedBy, Field } from "../../../components/ui/Input";
import { Select } from "../../../components/ui/Select";
import { toastError } from "../../../lib/errors";
import { useSessionUser } from "../../../lib/session-user";
import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";
import { createTicket, followOpenTicketConflict, listConnections, listQueues } from "../shared/api";
import { HeldTicketNotice } from "../shared/HeldTicketNotice";
import { ContactPicker } from "../../../components/ContactPicker";
import type { ConnectionRef, ContactPick, ListTicket, QueueRef } from "../shared/types";

/** Select values for "no queue" and "the default connection" (Radix select items cannot have an empty value). */
const NO_QUEUE = "none";
const DEFAULT_CONNECTION = "default";

/**
 * The new-ticket form's rules (spec 000 section 5): a contact must be chosen; a queue is required unless the user
 * is an admin (as worker/domain/tickets/createTicket checks); the connection is optional.
 */
function newTicketSchema(queueRequired: boolean) {
  const queue = platformIdText("tickets.newTicketDialog.queueRequired", "tickets.newTicketDialog.queueRequired");
  const none = (value: string) => z.literal(value).transform(() => null);
  return z.object({
    contactId: platformIdText("tickets.newTicketDialog.contactRequired", "tickets.newTicketDialog.contactRequired"),
    queueId: queueRequired ? queue : z.union([none(NO_QUEUE), queue]),
    whatsappId: z.union([none(DEFAULT_CONNECTION), platformIdText()]).default(null),
  });
}

export function NewTicketDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (ticket: ListTicket) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("tickets.newTicketDialog.title")} size="md" modalLock>
        {open ? <NewTicketForm onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewTicketForm({ onClose, onCreated }: { onClose: () => void; onCreated: (ticket: ListTicket) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const isAdmin = user.profile === "admin";
  const ids = useId();
  const contactId = `${ids}-contact`;
  const queueFieldId = `${ids}-queue`;
  const connectionId = `${ids}-connection`;

  // The chosen contact's card (its id is the form's field).
  const [contact, setContact] = useState<ContactPick | null>(null);
  const [queues, setQueues] = useState<QueueRef[]>(isAdmin ? [] : user.queues);
  const [connections, setConnections] = useState<ConnectionRef[]>([]);
  const [held, setHeld] = useState<{ conflict: OpenTicketConflict; contactId: number; whatsappId: number | null } | null>(null);

  const { form, fields, saving } = useContractForm({
    id: "new-ticket-form",
    schema: newTicketSchema(!isAdmin),
    defaultValue: {
      queueId: user.queues.length === 1 ? String(user.queues[0]!.id) : isAdmin ? NO_QUEUE : undefined,
      whatsappId: DEFAULT_CONNECTION,
    },
    fields: ["contactId", "queueId", "whatsappId"],
    shouldValidate: "onSubmit",
    async save(value) {
      setHeld(null);
      const open = (uuid: string) => {
        onClose();
        navigate(`/tickets/${uuid}`);
      };
      try {
        const ticket = await createTicket(value);
        onCreated(ticket);
        open(ticket.uuid);
      } catch (err) {
        const held = (conflict: OpenTicketConflict) => setHeld({ conflict, contactId: value.contactId, whatsappId: value.whatsappId });
        if (!followOpenTicketConflict(err, user.id, { open, held })) throw err;
      }
    },
  });
  const contactField = useInputControl(fields.contactId);
  const queue = useInputControl(fields.queueId);
  const connection = useInputControl(fields.whatsappId);

  useEffect(() => {
    if (isAdmin) listQueues().then(setQueues).catch(toastError);
    listConnections()
      .then(setConnections)
      .catch(() => setConnections([]));
  }, [isAdmin]);

  const queueOptions = [
    ...(isAdmin ? [{ value: NO_QUEUE, label: t("tickets.newTicketDialog.queueOptional") }] : []),
    ...queues.map((q) => ({
      value: String(q.id),
      label: (
        <span className="inline-flex items-center gap-2">
          <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
          {q.name}
        </span>
      ),
    })),
  ];
  const contactError = fields.contactId.errors?.[0];
  const queueError = fields.queueId.errors?.[0];

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <Field id={contactId} label={t("tickets.newTicketDialog.contact")} error={contactError}>
          <ContactPicker
            id={contactId}
            value={contact}
            onChange={(c) => {
              setContact(c);
              contactField.change(c ? String(c.id) : "");
              if (!c) setHeld(null);
            }}
            error={contactError}
            texts={{
              placeholder: t("tickets.newTicketDialog.contactPlaceholder"),
              typeMore: t("tickets.newTicketDialog.typeMore"),
              searching: t("tickets.newTicketDialog.searching"),
              none: t("tickets.newTicketDialog.noContacts"),
              change: t("tickets.newTicketDialog.changeContact"),
              list: t("tickets.newTicketDialog.contact"),
            }}
          />
        </Field>
        <Field id={queueFieldId} label={t("tickets.newTicketDialog.queue")} error={queueError}>
          <Select
            id={queueFieldId}
            value={queue.value || (isAdmin ? NO_QUEUE : undefined)}
            onValueChange={queue.change}
            options={queueOptions}
            placeholder={t("tickets.newTicketDialog.queuePlaceholder")}
            invalid={!!queueError}
            aria-describedby={describedBy(queueFieldId, queueError)}
          />
        </Field>
        {connections.length > 1 ? (
          <Field id={connectionId} label={t("tickets.newTicketDialog.connection")}>
            <Select
              id={connectionId}
              value={connection.value || DEFAULT_CONNECTION}
              onValueChange={connection.change}
              options={[
                {
                  value: DEFAULT_CONNECTION,
                  label: t("tickets.newTicketDialog.connectionDefault"),
                },
                ...connections.map((c) => ({
                  value: String(c.id),
                  label: c.name,
                })),
              ]}
            />
          </Field>
        ) : null}
        {held ? <HeldTicketNotice conflict={held.conflict} contactId={held.contactId} whatsappId={held.whatsappId} /> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving}>
          {t("tickets.newTicketDialog.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
