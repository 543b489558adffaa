import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../components/ui/Dialog";
import { describedBy, Field } from "../../../components/ui/Input";
import { Select } from "../../../components/ui/Select";
import { ApiError } from "../../../lib/api";
import { toastError } from "../../../lib/errors";
import { useSessionUser } from "../../../lib/session-user";
import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";
import { createTicket, followOpenTicketConflict, listConnections, listQueues } from "../shared/api";
import { HeldTicketNotice } from "../shared/HeldTicketNotice";
import { ContactPicker } from "../../../components/ContactPicker";
import type { ConnectionRef, ContactPick, ListTicket, QueueRef } from "../shared/types";
import { validateNewTicket, type NewTicketErrors } from "./newTicket";

const NO_QUEUE = "none";
const DEFAULT_CONNECTION = "default";

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

  const [contact, setContact] = useState<ContactPick | null>(null);
  const [queueId, setQueueId] = useState<number | null>(user.queues.length === 1 ? user.queues[0]!.id : null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queues, setQueues] = useState<QueueRef[]>(isAdmin ? [] : user.queues);
  const [connections, setConnections] = useState<ConnectionRef[]>([]);
  const [errors, setErrors] = useState<NewTicketErrors>({});
  const [held, setHeld] = useState<{ conflict: OpenTicketConflict; contactId: number; whatsappId: number | null } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isAdmin) listQueues().then(setQueues).catch(toastError);
    listConnections()
      .then(setConnections)
      .catch(() => setConnections([]));
  }, [isAdmin]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewTicket({ contactId: contact?.id ?? null, queueId }, isAdmin);
    setErrors(found);
    setHeld(null);
    if (found.contact || found.queue || !contact) return;
    setSaving(true);
    try {
      const ticket = await createTicket({
        contactId: contact.id,
        queueId,
        whatsappId,
      });
      onCreated(ticket);
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const open = (uuid: string) => {
        onClose();
        navigate(`/tickets/${uuid}`);
      };
      if (followOpenTicketConflict(err, user.id, { open, held: (conflict) => setHeld({ conflict, contactId: contact.id, whatsappId }) })) return;
      if (err instanceof ApiError && err.fields.queueId) {
        setErrors({ queue: "queueRequired" });
      } else toastError(err);
    } finally {
      setSaving(false);
    }
  };

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
  const contactError = errors.contact ? t(`tickets.newTicketDialog.${errors.contact}`) : undefined;
  const queueError = errors.queue ? t(`tickets.newTicketDialog.${errors.queue}`) : undefined;

  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <Field id={contactId} label={t("tickets.newTicketDialog.contact")} error={contactError}>
          <ContactPicker
            id={contactId}
            value={contact}
            onChange={(c) => {
              setContact(c);
              if (c) setErrors((e) => ({ ...e, contact: undefined }));
              else setHeld(null);
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
            value={queueId ? String(queueId) : isAdmin ? NO_QUEUE : undefined}
            onValueChange={(v) => {
              setQueueId(v === NO_QUEUE ? null : Number(v));
              setErrors((e) => ({ ...e, queue: undefined }));
            }}
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
              value={whatsappId ? String(whatsappId) : DEFAULT_CONNECTION}
              onValueChange={(v) => setWhatsappId(v === DEFAULT_CONNECTION ? null : Number(v))}
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
