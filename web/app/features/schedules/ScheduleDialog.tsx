import { useInputControl } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { REQUIRED } from "../../../../worker/contracts/fieldMessages";
import { createScheduleInput, MAX_SCHEDULE_MEDIA_BYTES } from "../../../../worker/contracts/schedules";
import { ContactPicker } from "../../components/ContactPicker";
import { DialogForm } from "../../components/form/DialogForm";
import { FileField, pickedFile, removeFile } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, inputClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { zoneLabel } from "../../lib/dates";
import { errorMessage } from "../../lib/errors";
import { safeFileName } from "../../lib/files";
import { formatPhone } from "../../lib/phone";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { listConnections } from "../tickets/shared/api";
import type { ConnectionRef, ContactPick } from "../tickets/shared/types";
import { createSchedule, deleteScheduleMedia, updateSchedule, uploadScheduleMedia } from "./api";
import type { SchedulePayload, ScheduleRow } from "./types";
import { defaultSendAt, zonedInstant, zonedParts } from "./zone";
import "./texts";

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

const FREQUENCIES = [NO_REPEAT, "daily", "weekly", "monthly"] as const;
type Frequency = (typeof FREQUENCIES)[number];
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * The schedule form: the message is the contract's (createScheduleInput's body); the rest is the page's: a contact
 * picked (kept as the pick, to show it), a date and time in the company's zone not in the past (an unchanged time
 * of a schedule being edited may have passed while the form was open: the server allows it), a repeat rule (weekly
 * takes a day; an end not before the date) and the attachment.
 */
function scheduleFormSchema(timeZone: string, current: ScheduleRow | null, lang: string) {
  return z
    .object({
      contact: z.string({ error: "schedules.dialog.contactRequired" }).transform((raw) => JSON.parse(raw) as ContactPick),
      body: createScheduleInput.shape.body,
      date: z.string().optional(),
      time: z.string().optional(),
      whatsappId: z.string().optional(),
      frequency: z.enum(FREQUENCIES).default(NO_REPEAT),
      // The weekday buttons' values, as text ("0" Sunday to "6").
      weekdays: z
        .array(z.string())
        .default([])
        .transform((days) => days.map(Number)),
      until: z.string().optional(),
      marketing: z.boolean().default(false),
      media: pickedFile(MAX_SCHEDULE_MEDIA_BYTES, lang),
      removeMedia: removeFile,
    })
    .superRefine(
      (v, ctx) => {
        const sendAt = zonedInstant(v.date ?? "", v.time ?? "", timeZone);
        const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
        if (!sendAt) issue("date", REQUIRED);
        else if (sendAt.getTime() < Date.now() - 60_000 && (!current || sendAt.getTime() !== new Date(current.sendAt).getTime())) issue("date", "schedules.dialog.past");
        if (v.frequency === "weekly" && !v.weekdays?.length) issue("weekdays", "schedules.dialog.weekdayRequired");
        if (v.frequency !== NO_REPEAT && v.until && v.date && v.until < v.date) issue("until", "schedules.dialog.untilBefore");
      },
      // Checked beside the fields' own rules, so every error shows at once.
      { when: () => true },
    )
    .transform((v) => ({ ...v, sendAt: zonedInstant(v.date ?? "", v.time ?? "", timeZone)! }));
}

const SCHEDULE_FIELDS = ["contact", "body", "date", "weekdays", "until"];
/** The server's names for the form's fields, and its texts for them (a time passed, a rule refused). */
const SERVER_ALIASES = { contactId: "contact", sendAt: "date", "recurrence.weekdays": "weekdays", "recurrence.until": "until" };
const SERVER_MESSAGES = {
  date: { other: "schedules.dialog.past" },
  weekdays: { other: "schedules.dialog.weekdayRequired" },
  until: { other: "schedules.dialog.untilBefore" },
};

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
  const first = zonedParts(schedule?.sendAt ?? at ?? defaultSendAt(), timeZone);
  const startContact = schedule ? schedule.contact : fixedContact;
  const startConnection = schedule ? schedule.whatsappId : (ticket?.whatsappId ?? null);
  const [connections, setConnections] = useState<ConnectionRef[]>([]);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const schema = useMemo(() => scheduleFormSchema(timeZone, schedule, i18n.language), [timeZone, schedule, i18n.language]);

  useEffect(() => {
    listConnections()
      .then(setConnections)
      .catch(() => setConnections([]));
  }, []);

  const { form, fields, saving } = useContractForm({
    id: `schedule-form-${schedule?.id ?? "new"}`,
    schema,
    defaultValue: {
      contact: startContact ? JSON.stringify(startContact) : undefined,
      body: schedule?.body ?? "",
      date: first.date,
      time: first.time,
      whatsappId: startConnection ? String(startConnection) : DEFAULT_CONNECTION,
      frequency: schedule?.recurrence?.frequency ?? NO_REPEAT,
      weekdays: (schedule?.recurrence?.weekdays ?? []).map(String),
      until: schedule?.recurrence?.until ?? "",
      marketing: schedule?.marketing ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
    fields: SCHEDULE_FIELDS,
    aliases: SERVER_ALIASES,
    messages: SERVER_MESSAGES,
    async save(value) {
      const { frequency, weekdays, until } = value;
      const payload: SchedulePayload = {
        body: value.body,
        sendAt: value.sendAt.toISOString(),
        contactId: value.contact.id,
        whatsappId: value.whatsappId && value.whatsappId !== DEFAULT_CONNECTION ? Number(value.whatsappId) : null,
        recurrence: frequency === NO_REPEAT ? null : { frequency, ...(frequency === "weekly" ? { weekdays } : {}), until: until || null },
        marketing: value.marketing,
      };
      let saved: ScheduleRow;
      if (schedule) {
        const { contactId, ...rest } = payload;
        saved = await updateSchedule(schedule.id, contactId === schedule.contactId ? rest : payload);
      } else {
        saved = await createSchedule({ ...payload, ticketId: ticket?.id ?? null });
      }
      // The file is its own call once the schedule exists (spec 002: media-upload after save).
      try {
        if (value.media) saved = await uploadScheduleMedia(saved.id, value.media, safeFileName(value.media.name) || "file");
        else if (value.removeMedia && saved.mediaName) saved = await deleteScheduleMedia(saved.id);
        toast.success(t("schedules.saved"));
      } catch (err) {
        toast.error(t("schedules.attachmentFailed", { reason: errorMessage(err, t) }));
      }
      onSaved?.(saved);
      onClose();
    },
  });
  const contactControl = useInputControl(fields.contact);
  const whatsappId = useInputControl(fields.whatsappId);
  const frequencyControl = useInputControl(fields.frequency);
  const weekdaysControl = useInputControl(fields.weekdays);
  const contact = typeof contactControl.value === "string" && contactControl.value ? (JSON.parse(contactControl.value) as ContactPick) : null;
  const frequency = (frequencyControl.value as Frequency | undefined) ?? NO_REPEAT;
  const weekdays = (Array.isArray(weekdaysControl.value) ? weekdaysControl.value : []).filter(Boolean).map(Number);
  const date = typeof fields.date.value === "string" ? fields.date.value : first.date;

  // The text is the textarea's: a variable goes in at the caret, and conform reads it on the input event.
  const insertVariable = (variable: string) => {
    const el = bodyRef.current;
    if (!el) return;
    el.setRangeText(variable, el.selectionStart, el.selectionEnd, "end");
    el.dispatchEvent(new Event("input", { bubbles: true }));
    requestAnimationFrame(() => el.focus());
  };
  // Weekly starts on the chosen day's weekday, so the rule says what the date already says; a day the user then
  // unticks stays unticked.
  const changeFrequency = (next: string) => {
    frequencyControl.change(next);
    if (next === "weekly" && weekdays.length === 0 && /^\d{4}-\d{2}-\d{2}$/.test(date)) weekdaysControl.change([String(weekdayOf(date))]);
  };
  const toggleWeekday = (day: number) => {
    const next = weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort();
    weekdaysControl.change(next.map(String));
  };

  const errors = {
    contact: fields.contact.errors?.[0],
    body: fields.body.errors?.[0],
    when: fields.date.errors?.[0],
    weekdays: fields.weekdays.errors?.[0],
    until: fields.until.errors?.[0],
  };
  const field = (name: "contact" | "body" | "date" | "time" | "whatsappId" | "frequency" | "until") => fields[name].id;
  const frequencyOptions = [
    { value: NO_REPEAT, label: t("schedules.recurrence.none") },
    { value: "daily", label: t("schedules.recurrence.daily") },
    { value: "weekly", label: t("schedules.recurrence.weekly") },
    { value: "monthly", label: t("schedules.recurrence.monthly") },
  ];
  const weekdayNames = t("schedules.weekdaysShort", { returnObjects: true }) as string[];
  const fixed = !!schedule || !!fixedContact;

  return (
    <DialogForm form={form} saving={saving} editing={!!schedule} onCancel={onClose} submitLabel={schedule ? undefined : t("schedules.dialog.submitAdd")}>
        {/* The pick, as conform reads it (a hidden input, not a dummy select whose option would show its text). */}
        <input type="hidden" name={fields.contact.name} defaultValue={fields.contact.initialValue} />
        <Field id={field("contact")} label={t("schedules.dialog.contact")} error={errors.contact}>
          {fixed && contact && !schedule ? (
            <p id={field("contact")} className="rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
              <span className="font-medium">{contact.name}</span> <span className="text-subtle tabular-nums">{formatPhone(contact.number)}</span>
            </p>
          ) : (
            <ContactPicker
              id={field("contact")}
              value={contact}
              onChange={(c) => contactControl.change(c ? JSON.stringify(c) : "")}
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
            name={fields.body.name}
            key={fields.body.key}
            defaultValue={fields.body.initialValue}
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
            <Input id={field("date")} name={fields.date.name} key={fields.date.key} defaultValue={fields.date.initialValue} type="date" invalid={!!errors.when} aria-describedby={describedBy(field("date"), errors.when)} />
          </Field>
          <Field id={field("time")} label={t("schedules.dialog.time")} hint={t("schedules.dialog.timeHint", { timezone: zoneLabel(timeZone, i18n.language) })}>
            <Input
              id={field("time")}
              name={fields.time.name}
              key={fields.time.key}
              defaultValue={fields.time.initialValue}
              type="time"
              invalid={!!errors.when}
              aria-describedby={describedBy(field("time"), undefined, t("schedules.dialog.timeHint", { timezone: zoneLabel(timeZone, i18n.language) }))}
            />
          </Field>
        </div>
        {connections.length > 1 || (startConnection !== null && connections.length > 0) ? (
          <Field id={field("whatsappId")} label={t("schedules.dialog.connection")}>
            <Select
              id={field("whatsappId")}
              value={typeof whatsappId.value === "string" && whatsappId.value ? whatsappId.value : DEFAULT_CONNECTION}
              onValueChange={whatsappId.change}
              options={[{ value: DEFAULT_CONNECTION, label: t("schedules.dialog.connectionDefault") }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
          </Field>
        ) : null}
        <Field id={field("frequency")} label={t("schedules.dialog.repeat")}>
          <Select id={field("frequency")} value={frequency} onValueChange={changeFrequency} options={frequencyOptions} />
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
                    onClick={() => toggleWeekday(day)}
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
            <Input id={field("until")} name={fields.until.name} key={fields.until.key} defaultValue={fields.until.initialValue} type="date" min={date} invalid={!!errors.until} />
          </Field>
        ) : null}
        <label className="flex items-start gap-2.5 text-sm max-sm:min-h-11" htmlFor={fields.marketing.id}>
          <input
            type="checkbox"
            id={fields.marketing.id}
            name={fields.marketing.name}
            key={fields.marketing.key}
            defaultChecked={fields.marketing.initialValue === "on"}
            aria-describedby={`${fields.marketing.id}-hint`}
            className="mt-0.5 size-4 shrink-0 accent-brand"
          />
          <span>
            <span className="font-medium">{t("schedules.dialog.marketing")}</span>
            <span id={`${fields.marketing.id}-hint`} className="block text-xs text-muted">
              {t("schedules.dialog.marketingHint")}
            </span>
          </span>
        </label>
        <FileField
          meta={fields.media}
          remove={fields.removeMedia}
          current={schedule?.mediaName ? { name: schedule.mediaName, url: schedule.mediaPath } : null}
          maxBytes={MAX_SCHEDULE_MEDIA_BYTES}
        />
    </DialogForm>
  );
}
