import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { createTicketNoteInput } from "../../../../../../worker/contracts/ticketNotes";
import { useTranslation } from "react-i18next";
import { useContractForm } from "../../../../components/form/useContractForm";
import { Button } from "../../../../components/ui/Button";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { Skeleton } from "../../../../components/ui/Spinner";
import { formatDateTime } from "../../../../lib/dates";
import { toastError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { addNote, deleteNote, listNotes } from "../api";
import type { TicketNote } from "../types";
import "../texts";

/** The note's rules are the API's (spec 000: required, at least 2 characters). */
const noteFormSchema = createTicketNoteInput.pick({ note: true });

/** The ticket's notes: add, list newest first, delete with confirmation. */
export function NotesSection({ ticketId, contactId, timeZone }: { ticketId: number; contactId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState<TicketNote[] | null>(null);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);

  useEffect(() => {
    listNotes(ticketId, contactId)
      .then(setNotes)
      .catch((err) => {
        setNotes([]);
        toastError(err);
      });
  }, [ticketId, contactId]);

  const { form, fields, saving } = useContractForm({
    id: `chat-note-form-${ticketId}`,
    schema: noteFormSchema,
    fields: ["note"],
    // Checked on "Adicionar" only: the drawer's note is optional until one is added.
    shouldValidate: "onSubmit",
    async save({ note }) {
      const added = await addNote({ note, ticketId, contactId });
      setNotes((current) => [added, ...(current ?? [])]);
      form.reset();
      toast.success(t("ticketChat.notes.added"));
    },
  });
  const error = fields.note.errors?.[0];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteNote(deleting.id);
      setNotes((current) => (current ?? []).filter((n) => n.id !== deleting.id));
      toast.success(t("ticketChat.notes.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <section aria-labelledby="chat-notes-title" className="space-y-3">
      <h3 id="chat-notes-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t("ticketChat.notes.title")}
      </h3>
      <form id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-2">
        <textarea
          id="chat-note-input"
          name={fields.note.name}
          key={fields.note.key}
          rows={3}
          placeholder={t("ticketChat.notes.placeholder")}
          aria-label={t("ticketChat.notes.placeholder")}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? "chat-note-error" : undefined}
          className="w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm placeholder:text-subtle focus:border-brand focus:ring-2 focus:ring-brand/25 focus:outline-none aria-invalid:border-danger"
        />
        {error ? (
          <p id="chat-note-error" role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="sm" loading={saving}>
            {t("ticketChat.notes.add")}
          </Button>
        </div>
      </form>
      {notes === null ? (
        <div className="space-y-2" aria-hidden>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : notes.length === 0 ? (
        <p className="text-sm text-subtle">{t("ticketChat.notes.empty")}</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="group rounded-lg border border-line bg-warning-soft/60 px-3 py-2">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-wrap">{note.note}</p>
                <button
                  type="button"
                  onClick={() => setDeleting(note)}
                  aria-label={t("ticketChat.notes.delete")}
                  className="inline-flex size-7 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-subtle hover:bg-surface-3 hover:text-danger"
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </button>
              </div>
              <p className="mt-1 text-[11px] text-subtle">
                {note.user?.name ?? (note.byAutomation ? t("ticketChat.notes.automation") : t("ticketChat.notes.unknownAuthor"))} · {formatDateTime(note.createdAt, i18n.language, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("ticketChat.notes.deleteTitle")}
        message={t("common.deleteConfirm")}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
