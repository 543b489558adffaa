import { useInputControl } from "@conform-to/react";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { platformIdText } from "../../../../worker/contracts/ids";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { createTicket, listQueues } from "./api";
import { formatPhone } from "../../lib/phone";
import type { OpenTicketConflict } from "../../../../worker/contracts/tickets";
import { followOpenTicketConflict } from "../tickets/shared/api";
import { HeldTicketNotice } from "../tickets/shared/HeldTicketNotice";
import type { ContactRow, QueueOption } from "./types";
import "./texts";

/** The "no queue" choice (Radix select items cannot have an empty value); only admins may start without one. */
const NO_QUEUE = "none";

/** The dialog's own rule: agents must choose one of their queues; admins may start without one. */
function startTicketSchema(queueRequired: boolean) {
  const queue = platformIdText("contacts.ticket.queueRequired", "contacts.ticket.queueRequired");
  return z.object({ queueId: queueRequired ? queue : z.union([z.literal(NO_QUEUE).transform(() => null), queue]) });
}

/**
 * Starting a ticket with a contact (spec: navigates to /tickets/{uuid}). The queue is asked in a small dialog:
 * required for agents, who choose among their own queues; optional for admins (spec 000: 'Selecione uma fila').
 * When the contact already has an open ticket, the user is taken to it when it is theirs (or a visible one nobody
 * has); otherwise the dialog says where it is held and offers to ask for a transfer (HeldTicketNotice).
 */
export function StartTicketDialog({ contact, onOpenChange }: { contact: ContactRow | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!contact} onOpenChange={onOpenChange}>
      <DialogContent title={t("contacts.ticket.title")} description={contact ? `${contact.name} · ${formatPhone(contact.number)}` : undefined} size="sm">
        {contact ? <StartTicketForm contact={contact} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StartTicketForm({ contact, onClose }: { contact: ContactRow; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const isAdmin = user.profile === "admin";
  const [queues, setQueues] = useState<QueueOption[] | null>(null);
  const [held, setHeld] = useState<OpenTicketConflict | null>(null);
  const { form, fields, saving: busy } = useContractForm({
    id: `start-ticket-${contact.id}`,
    schema: startTicketSchema(!isAdmin),
    defaultValue: { queueId: isAdmin ? NO_QUEUE : undefined },
    fields: ["queueId"],
    shouldValidate: "onSubmit",
    async save({ queueId }) {
      const open = (uuid: string) => {
        onClose();
        navigate(`/tickets/${uuid}`);
      };
      try {
        open((await createTicket({ contactId: contact.id, queueId })).uuid);
      } catch (err) {
        if (!followOpenTicketConflict(err, user.id, { open, held: setHeld })) throw err;
      }
    },
  });
  const queue = useInputControl(fields.queueId);
  const error = fields.queueId.errors?.[0];

  useEffect(() => {
    let live = true;
    const mine = new Set(user.queues.map((q) => q.id));
    listQueues()
      .then((all) => {
        if (!live) return;
        // Agents start tickets only in their own queues (the server checks it too).
        const usable = isAdmin ? all : all.filter((q) => mine.has(q.id));
        setQueues(usable);
        if (!isAdmin && usable.length === 1) queue.change(String(usable[0]!.id));
      })
      .catch((err) => {
        if (!live) return;
        // Without the list, an agent can still use the queues the session already knows.
        setQueues(isAdmin ? [] : user.queues);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [isAdmin, user.queues]);

  const options = [
    ...(isAdmin ? [{ value: NO_QUEUE, label: t("contacts.ticket.noQueue") }] : []),
    ...(queues ?? []).map((q) => ({
      value: String(q.id),
      label: (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} />
          {q.name}
        </span>
      ),
    })),
  ];
  const noQueues = !isAdmin && queues !== null && queues.length === 0;

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody>
        <Field id="start-ticket-queue" label={t("contacts.ticket.queue")} error={error} hint={noQueues ? t("contacts.ticket.noQueues") : undefined}>
          <Select
            id="start-ticket-queue"
            value={queue.value || undefined}
            onValueChange={queue.change}
            options={options}
            placeholder={queues === null ? t("common.loading") : t("contacts.ticket.queuePlaceholder")}
            disabled={queues === null || noQueues}
            invalid={!!error}
            aria-describedby={error ? "start-ticket-queue-error" : noQueues ? "start-ticket-queue-hint" : undefined}
          />
        </Field>
        {held ? (
          <div className="mt-4">
            <HeldTicketNotice conflict={held} contactId={contact.id} />
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={busy} disabled={queues === null || noQueues}>
          {t("contacts.ticket.start")}
        </Button>
      </DialogFooter>
    </form>
  );
}
