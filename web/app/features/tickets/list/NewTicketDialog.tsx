import { useNavigate } from "@remix-run/react";
import { Search, UserRound, X } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../../components/ui/Input";
import { Select } from "../../../components/ui/Select";
import { Spinner } from "../../../components/ui/Spinner";
import { ApiError } from "../../../lib/api";
import { toastError } from "../../../lib/errors";
import { useDebouncedValue } from "../../../lib/hooks";
import { useSessionUser } from "../../../lib/session-user";
import { createTicket, listConnections, listQueues, openTicketConflict, searchContacts } from "../shared/api";
import type { ConnectionRef, ContactPick, ListTicket, QueueRef } from "../shared/types";
import { CONTACT_SEARCH_MIN, conflictOutcome, validateNewTicket, type NewTicketErrors } from "./newTicket";

/** Spec: searches wait 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;
const NO_QUEUE = "none";
const DEFAULT_CONNECTION = "default";

export function NewTicketDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (ticket: ListTicket) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("tickets.newTicketDialog.title")} size="md" modalLock>
        {open ? <NewTicketForm onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function useContactSearch(term: string) {
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<ContactPick[]>([]);
  const [loading, setLoading] = useState(false);
  const tooShort = search.length < CONTACT_SEARCH_MIN;
  useEffect(() => {
    if (tooShort) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    searchContacts(search, controller.signal)
      .then((found) => setResults(found))
      .catch((err) => toastError(err))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [search, tooShort]);
  // While the user is still typing, the results are of an older term.
  const settled = term.trim() === search;
  return { results, loading: loading || (!settled && term.trim().length >= CONTACT_SEARCH_MIN), tooShort: term.trim().length < CONTACT_SEARCH_MIN };
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

  const [term, setTerm] = useState("");
  const [contact, setContact] = useState<ContactPick | null>(null);
  const [queueId, setQueueId] = useState<number | null>(user.queues.length === 1 ? user.queues[0]!.id : null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queues, setQueues] = useState<QueueRef[]>(isAdmin ? [] : user.queues);
  const [connections, setConnections] = useState<ConnectionRef[]>([]);
  const [errors, setErrors] = useState<NewTicketErrors>({});
  const [taken, setTaken] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const search = useContactSearch(term);

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
    setTaken(null);
    if (found.contact || found.queue || !contact) return;
    setSaving(true);
    try {
      const ticket = await createTicket({ contactId: contact.id, queueId, whatsappId });
      onCreated(ticket);
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const conflict = openTicketConflict(err);
      if (conflict) {
        const outcome = conflictOutcome(conflict, user.id);
        if (outcome.kind === "open") {
          onClose();
          navigate(`/tickets/${outcome.uuid}`);
        } else {
          const queue = outcome.queue ? t("tickets.newTicketDialog.otherOwnerQueue", { queue: outcome.queue }) : "";
          setTaken(t("tickets.newTicketDialog.otherOwner", { name: outcome.owner, queue }));
        }
      } else if (err instanceof ApiError && err.fields.queueId) {
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
          {contact ? (
            <div className="flex items-center gap-3 rounded-lg border border-line-strong bg-surface-2 px-3 py-2">
              <span className="flex size-8 items-center justify-center rounded-full bg-surface-3 text-muted">
                <UserRound className="size-4" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p id={contactId} className="truncate text-sm font-medium">
                  {contact.name}
                </p>
                <p className="truncate text-xs text-subtle">{contact.number}</p>
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => {
                  setContact(null);
                  setTaken(null);
                }}
                aria-label={t("tickets.newTicketDialog.changeContact")}
                title={t("tickets.newTicketDialog.changeContact")}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </div>
          ) : (
            <div>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
                <Input
                  id={contactId}
                  type="search"
                  value={term}
                  onChange={(e) => setTerm(e.target.value)}
                  placeholder={t("tickets.newTicketDialog.contactPlaceholder")}
                  autoComplete="off"
                  autoFocus
                  className="pl-9"
                  invalid={!!contactError}
                  aria-controls={`${contactId}-results`}
                  aria-describedby={describedBy(contactId, contactError)}
                />
              </div>
              <div id={`${contactId}-results`} className="mt-2 max-h-56 overflow-y-auto rounded-lg border border-line" aria-live="polite">
                {search.tooShort ? (
                  <p className="px-3 py-3 text-sm text-muted">{t("tickets.newTicketDialog.typeMore")}</p>
                ) : search.loading ? (
                  <p className="flex items-center gap-2 px-3 py-3 text-sm text-muted">
                    <Spinner /> {t("tickets.newTicketDialog.searching")}
                  </p>
                ) : search.results.length === 0 ? (
                  <p className="px-3 py-3 text-sm text-muted">{t("tickets.newTicketDialog.noContacts")}</p>
                ) : (
                  <ul role="listbox" aria-label={t("tickets.newTicketDialog.contact")} className="divide-y divide-line">
                    {search.results.map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          role="option"
                          aria-selected={false}
                          onClick={() => {
                            setContact(c);
                            setErrors((e) => ({ ...e, contact: undefined }));
                          }}
                          className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                        >
                          <span className="truncate font-medium">{c.name}</span>
                          <span className="shrink-0 text-xs text-subtle tabular-nums">{c.number}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          )}
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
                { value: DEFAULT_CONNECTION, label: t("tickets.newTicketDialog.connectionDefault") },
                ...connections.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
          </Field>
        ) : null}
        {taken ? (
          <p role="alert" className="rounded-lg border border-warning-fg/30 bg-warning-soft px-3 py-2 text-sm text-warning-fg">
            {taken}
          </p>
        ) : null}
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
