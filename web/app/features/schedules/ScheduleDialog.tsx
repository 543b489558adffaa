import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ContactPicker } from "../../components/ContactPicker";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, inputClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { ApiError } from "../../lib/api";
import { zoneLabel } from "../../lib/dates";
import { errorMessage, toastError } from "../../lib/errors";
import { safeFileName } from "../../lib/files";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { AttachmentField, type AttachmentChange } from "../quickMessages/AttachmentField";
import { listConnections } from "../tickets/shared/api";
import type { ConnectionRef, ContactPick } from "../tickets/shared/types";
import { createSchedule, deleteScheduleMedia, updateSchedule, uploadScheduleMedia } from "./api";
import type { SchedulePayload, ScheduleRecurrence, ScheduleRow } from "./types";
import { defaultSendAt, zonedInstant, zonedParts } from "./zone";
import "./texts";
import { formatPhone } from "../../lib/phone";

const DEFAULT_CONNECTION = "default";
const NO_REPEAT = "none";
const VARIABLES = ["{nome}", "{numero}", "{email}"];
const textareaClasses = cn(inputClasses.replace("h-10 ", ""), "min-h-28 resize-y py-2 leading-relaxed");

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The schedule being edited; absent to add one. */
  schedule?: ScheduleRow | null;
  /** A new schedule's contact, fixed (from a chat, or /schedules?contactId=). */
  contact?: ContactPick | null;
  /** The chat it is made from: its connection is the default and the message goes into it while it is open. */
  ticket?: { id: number; whatsappId: number | null } | null;
  /** A new schedule's time (a calendar slot that was clicked); absent: now plus one hour. */
  at?: Date | null;
  onSaved?: (schedule: ScheduleRow) => void;
}

/** The schedule dialog of the schedules page and of the chat header's options menu (spec 000). */
export function ScheduleDialog({ open, onOpenChange, schedule, contact, ticket, at, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={schedule ? t("schedules.dialog.editTitle") : t("schedules.dialog.addTitle")} size="md" modalLock>
        {open ? <ScheduleForm schedule={schedule ?? null} contact={contact ?? null} ticket={ticket ?? null} at={at ?? null} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<Record<"contact" | "body" | "when" | "weekdays" | "until", string>>;

function ScheduleForm({
  schedule,
  contact: fixedContact,
  ticket,
  at,
  onSaved,
  onClose,
}: {
  schedule: ScheduleRow | null;
  contact: ContactPick | null;
  ticket: { id: number; whatsappId: number | null } | null;
  at: Date | null;
  onSaved?: (schedule: ScheduleRow) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const timeZone = user.company.timezone;
  const ids = useId();
  const first = zonedParts(schedule?.sendAt ?? at ?? defaultSendAt(), timeZone);
  const [contact, setContact] = useState<ContactPick | null>(schedule ? schedule.contact : fixedContact);
  const [body, setBody] = useState(schedule?.body ?? "");
  const [date, setDate] = useState(first.date);
  const [time, setTime] = useState(first.time);
  const [whatsappId, setWhatsappId] = useState<number | null>(schedule ? schedule.whatsappId : (ticket?.whatsappId ?? null));
  const [frequency, setFrequency] = useState<ScheduleRecurrence["frequency"] | typeof NO_REPEAT>(schedule?.recurrence?.frequency ?? NO_REPEAT);
  const [weekdays, setWeekdays] = useState<number[]>(schedule?.recurrence?.weekdays ?? []);
  const [until, setUntil] = useState(schedule?.recurrence?.until ?? "");
  const [connections, setConnections] = useState<ConnectionRef[]>([]);
  const [attachment, setAttachment] = useState<AttachmentChange>({ kind: "keep" });
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    listConnections()
      .then(setConnections)
      .catch(() => setConnections([]));
  }, []);

  // Weekly starts on the chosen day's weekday, so the rule says what the date already says.
  useEffect(() => {
    if (frequency !== "weekly" || weekdays.length > 0 || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    setWeekdays([new Date(`${date}T12:00:00Z`).getUTCDay()]);
    // Only when weekly is chosen: a day the user then unticks stays unticked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frequency]);

  const insertVariable = (variable: string) => {
    const el = bodyRef.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = body.slice(0, start) + variable + body.slice(end);
    setBody(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };

  const validate = (): { errors: Errors; sendAt: Date | null } => {
    const found: Errors = {};
    if (!contact) found.contact = t("schedules.dialog.contactRequired");
    if (!body.trim()) found.body = t("validation.required");
    const sendAt = zonedInstant(date, time, timeZone);
    if (!sendAt) found.when = t("validation.required");
    // An unchanged time of a schedule being edited may have passed while the form was open: the server allows it.
    else if (sendAt.getTime() < Date.now() - 60_000 && (!schedule || sendAt.getTime() !== new Date(schedule.sendAt).getTime())) found.when = t("schedules.dialog.past");
    if (frequency === "weekly" && weekdays.length === 0) found.weekdays = t("schedules.dialog.weekdayRequired");
    if (frequency !== NO_REPEAT && until && until < date) found.until = t("schedules.dialog.untilBefore");
    return { errors: found, sendAt };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, sendAt } = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !sendAt || !contact) return;
    const payload: SchedulePayload = {
      body,
      sendAt: sendAt.toISOString(),
      contactId: contact.id,
      whatsappId,
      recurrence: frequency === NO_REPEAT ? null : { frequency, ...(frequency === "weekly" ? { weekdays } : {}), until: until || null },
    };
    setSaving(true);
    let saved: ScheduleRow;
    try {
      if (schedule) {
        const { contactId, ...rest } = payload;
        saved = await updateSchedule(schedule.id, contactId === schedule.contactId ? rest : payload);
      } else {
        saved = await createSchedule({ ...payload, ticketId: ticket?.id ?? null });
      }
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        setErrors({
          body: err.fields.body ? t("validation.invalid") : undefined,
          when: err.fields.sendAt ? t("schedules.dialog.past") : undefined,
          weekdays: err.fields["recurrence.weekdays"] ? t("schedules.dialog.weekdayRequired") : undefined,
          until: err.fields["recurrence.until"] ? t("schedules.dialog.untilBefore") : undefined,
        });
      } else toastError(err);
      return;
    }
    // The file is its own call once the schedule exists (spec 002: media-upload after save).
    try {
      if (attachment.kind === "replace") saved = await uploadScheduleMedia(saved.id, attachment.file, safeFileName(attachment.file.name) || "file");
      else if (attachment.kind === "remove" && saved.mediaName) saved = await deleteScheduleMedia(saved.id);
      toast.success(t("schedules.saved"));
    } catch (err) {
      toast.error(t("schedules.attachmentFailed", { reason: errorMessage(err, t) }));
    } finally {
      setSaving(false);
    }
    onSaved?.(saved);
    onClose();
  };

  const field = (name: string) => `${ids}-${name}`;
  const frequencyOptions = [
    { value: NO_REPEAT, label: t("schedules.recurrence.none") },
    { value: "daily", label: t("schedules.recurrence.daily") },
    { value: "weekly", label: t("schedules.recurrence.weekly") },
    { value: "monthly", label: t("schedules.recurrence.monthly") },
  ];
  const weekdayNames = t("schedules.weekdaysShort", { returnObjects: true }) as string[];
  const fixed = !!schedule || !!fixedContact;

  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="flex flex-col gap-4">
        <Field id={field("contact")} label={t("schedules.dialog.contact")} error={errors.contact}>
          {fixed && contact && !schedule ? (
            <p id={field("contact")} className="rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
              <span className="font-medium">{contact.name}</span> <span className="text-subtle tabular-nums">{formatPhone(contact.number)}</span>
            </p>
          ) : (
            <ContactPicker
              id={field("contact")}
              value={contact}
              onChange={(c) => {
                setContact(c);
                if (c) setErrors((e) => ({ ...e, contact: undefined }));
              }}
              error={errors.contact}
              texts={{
                placeholder: t("schedules.dialog.contactPlaceholder"),
                typeMore: t("schedules.dialog.typeMore"),
                searching: t("schedules.dialog.searching"),
                none: t("schedules.dialog.noContacts"),
                change: t("schedules.dialog.changeContact"),
                list: t("schedules.dialog.contact"),
              }}
            />
          )}
        </Field>
        <Field id={field("body")} label={t("schedules.dialog.body")} error={errors.body}>
          <textarea
            id={field("body")}
            ref={bodyRef}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={5}
            autoFocus={fixed}
            className={textareaClasses}
            aria-invalid={!!errors.body || undefined}
            aria-describedby={describedBy(field("body"), errors.body, t("schedules.dialog.variables"))}
          />
        </Field>
        <div className="-mt-2 flex flex-wrap items-center gap-1.5 text-xs text-subtle" id={`${field("body")}-hint`}>
          <span>{t("schedules.dialog.variables")}</span>
          {VARIABLES.map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => insertVariable(v)}
              className="rounded-md border border-line bg-surface-2 px-1.5 py-0.5 font-mono text-fg hover:border-brand focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none"
            >
              {v}
            </button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field id={field("date")} label={t("schedules.dialog.date")} error={errors.when}>
            <Input id={field("date")} type="date" value={date} onChange={(e) => setDate(e.target.value)} invalid={!!errors.when} aria-describedby={describedBy(field("date"), errors.when)} />
          </Field>
          <Field id={field("time")} label={t("schedules.dialog.time")} hint={t("schedules.dialog.timeHint", { timezone: zoneLabel(timeZone, i18n.language) })}>
            <Input
              id={field("time")}
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              invalid={!!errors.when}
              aria-describedby={describedBy(field("time"), undefined, t("schedules.dialog.timeHint", { timezone: zoneLabel(timeZone, i18n.language) }))}
            />
          </Field>
        </div>
        {connections.length > 1 || (whatsappId !== null && connections.length > 0) ? (
          <Field id={field("connection")} label={t("schedules.dialog.connection")}>
            <Select
              id={field("connection")}
              value={whatsappId ? String(whatsappId) : DEFAULT_CONNECTION}
              onValueChange={(v) => setWhatsappId(v === DEFAULT_CONNECTION ? null : Number(v))}
              options={[{ value: DEFAULT_CONNECTION, label: t("schedules.dialog.connectionDefault") }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
          </Field>
        ) : null}
        <Field id={field("repeat")} label={t("schedules.dialog.repeat")}>
          <Select id={field("repeat")} value={frequency} onValueChange={(v) => setFrequency(v as typeof frequency)} options={frequencyOptions} />
        </Field>
        {frequency === "weekly" ? (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{t("schedules.dialog.weekdays")}</legend>
            <div className="flex flex-wrap gap-1.5">
              {weekdayNames.map((name, day) => {
                const on = weekdays.includes(day);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setWeekdays((w) => (on ? w.filter((d) => d !== day) : [...w, day].sort()))}
                    className={cn(
                      "h-9 min-w-11 rounded-lg border px-2 text-sm focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none",
                      on ? "border-brand bg-brand-soft font-medium text-brand-text" : "border-line-strong bg-surface text-muted hover:bg-surface-2",
                    )}
                  >
                    {name}
                  </button>
                );
              })}
            </div>
            {errors.weekdays ? (
              <p role="alert" className="text-xs text-danger">
                {errors.weekdays}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {frequency !== NO_REPEAT ? (
          <Field id={field("until")} label={t("schedules.dialog.until")} error={errors.until}>
            <Input id={field("until")} type="date" value={until} min={date} onChange={(e) => setUntil(e.target.value)} invalid={!!errors.until} />
          </Field>
        ) : null}
        <AttachmentField
          current={schedule?.mediaName ? { name: schedule.mediaName, url: schedule.mediaPath } : null}
          change={attachment}
          onChange={setAttachment}
          error={attachmentError}
          onError={setAttachmentError}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving}>
          {schedule ? t("common.save") : t("schedules.dialog.submitAdd")}
        </Button>
      </DialogFooter>
    </form>
  );
}
