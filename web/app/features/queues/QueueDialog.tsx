import { useInputControl } from "@conform-to/react";
import { Info } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FileField } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Skeleton } from "../../components/ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { ASSIGNMENT_MODES, MAX_QUEUE_MEDIA_BYTES } from "../../../../worker/contracts/queues";
import { ApiError } from "../../lib/api";
import { errorMessage, toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { ColorField } from "../tags/ColorField";
import { DEFAULT_TAG_COLOR } from "../tags/colors";
import { createQueue, deleteQueueMedia, getQueue, updateQueue, uploadQueueMedia } from "./api";
import { uploadName } from "./media";
import { OptionsEditor } from "./OptionsEditor";
import { NONE, QUEUE_FORM_MESSAGES, queueFormSchema, slaAmountOf, slaMinutesOf } from "./schema";
import { ServiceLevelFields } from "./ServiceLevelFields";
import { SchedulesEditor, withAllWeekdays } from "./SchedulesEditor";
import type { NamedRef, QueueDetail, QueueOptionNode, QueuePayload, QueueRow } from "./types";
import { useQueueDialogContext } from "./useQueueDialogContext";
import "./texts";

/** Conflicts the API answers about one input: shown under it. */
const CODE_FIELDS: Record<string, string> = { ERR_QUEUE_COLOR_ALREADY_EXISTS: "color", ERR_QUEUE_NAME_ALREADY_EXISTS: "name" };

/** The inputs of the form, for the server's field errors (others go to a toast). */
const isFormField = (name: string) =>
  ["name", "color", "orderQueue", "greetingMessage", "outOfHoursMessage", "integrationId", "promptId", "assignmentMode"].includes(name) ||
  name.startsWith("schedules[") ||
  name.startsWith("sla");

type Context = ReturnType<typeof useQueueDialogContext>;

export interface QueueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The queue being edited; null to add one. */
  queueId: number | null;
  onSaved: (queue: QueueRow) => void;
  /** A new queue was saved with "save and add options": the dialog goes on editing it. */
  onCreatedAndKept: (queue: QueueDetail) => void;
}

export function QueueDialog({ open, onOpenChange, queueId, onSaved, onCreatedAndKept }: QueueDialogProps) {
  const { t } = useTranslation();
  const context = useQueueDialogContext(open);
  // The queue just created, handed to its editor so it does not load it again.
  const [created, setCreated] = useState<QueueDetail | null>(null);
  const openChange = (next: boolean) => {
    // Used once: opened again later, the queue is loaded fresh.
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  const close = () => openChange(false);
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent title={queueId ? t("queues.dialog.editTitle") : t("queues.dialog.addTitle")} size="lg" modalLock className="sm:max-w-3xl">
        {queueId === null ? (
          <QueueForm
            key="new"
            queue={null}
            context={context}
            onSaved={onSaved}
            onClose={close}
            onCreatedAndKept={(queue) => {
              setCreated(queue);
              onCreatedAndKept(queue);
            }}
          />
        ) : (
          <LoadedQueueForm key={queueId} queueId={queueId} seed={created?.id === queueId ? created : null} context={context} onSaved={onSaved} onClose={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Loads the queue with its option tree, and follows it live (another admin's option edits, a delete). */
function LoadedQueueForm({
  queueId,
  seed,
  context,
  onSaved,
  onClose,
}: {
  queueId: number;
  seed: QueueDetail | null;
  context: Context;
  onSaved: (queue: QueueRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<QueueDetail | null>(seed);
  const [failed, setFailed] = useState(false);
  // Options change live; the form's fields keep what the user typed.
  const [options, setOptions] = useState<QueueOptionNode[] | null>(seed?.options ?? null);

  useEffect(() => {
    if (seed) return;
    let live = true;
    getQueue(queueId)
      .then((q) => {
        if (!live) return;
        setQueue(q);
        setOptions(q.options);
      })
      .catch((err) => {
        if (!live) return;
        setFailed(true);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [queueId, seed]);

  useRealtimeEvent("queue", (event) => {
    if (event.action === "delete") {
      if (event.queueId === queueId) onClose();
      return;
    }
    if (event.queue.id === queueId && Array.isArray(event.queue.options)) setOptions(event.queue.options as QueueOptionNode[]);
  });

  if (failed) {
    return (
      <>
        <DialogBody>
          <p className="text-sm text-muted">{t("queues.dialog.loadFailed")}</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common.close")}
          </Button>
        </DialogFooter>
      </>
    );
  }
  if (!queue || !options) {
    return (
      <DialogBody className="flex flex-col gap-4" aria-busy>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </DialogBody>
    );
  }
  return <QueueForm queue={queue} options={options} onOptionsChange={setOptions} context={context} onSaved={onSaved} onClose={onClose} />;
}

function QueueForm({
  queue,
  options,
  onOptionsChange,
  context,
  onSaved,
  onClose,
  onCreatedAndKept,
}: {
  queue: QueueDetail | null;
  options?: QueueOptionNode[];
  onOptionsChange?: (options: QueueOptionNode[]) => void;
  context: Context;
  onSaved: (queue: QueueRow) => void;
  onClose: () => void;
  onCreatedAndKept?: (queue: QueueDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const { schedulesEnabled, integrations, prompts } = context;
  const schema = useMemo(() => queueFormSchema(i18n.language), [i18n.language]);
  const [tab, setTab] = useState("data");
  const activeTab = schedulesEnabled ? tab : "data";

  const { form, fields, saving } = useContractForm({
    id: `queue-form-${queue?.id ?? "new"}`,
    schema,
    // As the inputs hold them (text), so that a field typed back to what it was is no longer dirty.
    defaultValue: {
      name: queue?.name ?? "",
      orderQueue: queue?.orderQueue == null ? "" : String(queue.orderQueue),
      color: queue?.color ?? DEFAULT_TAG_COLOR,
      greetingMessage: queue?.greetingMessage ?? "",
      outOfHoursMessage: queue?.outOfHoursMessage ?? "",
      schedules: withAllWeekdays(queue?.schedules ?? []),
      integrationId: idText(queue?.integrationId),
      promptId: idText(queue?.promptId),
      assignmentMode: queue?.assignmentMode ?? "off",
      ...slaDefaults(queue),
    },
    fields: isFormField,
    codeFields: CODE_FIELDS,
    messages: QUEUE_FORM_MESSAGES,
    async save(value) {
      const payload: QueuePayload = {
        name: value.name,
        color: value.color,
        orderQueue: value.orderQueue,
        greetingMessage: value.greetingMessage,
        outOfHoursMessage: value.outOfHoursMessage,
        assignmentMode: value.assignmentMode,
      };
      // Sent only when edited (spec 002: hours are kept in the dialog until the queue is saved).
      if (schedulesEnabled && (hoursEdited || !queue)) payload.schedules = value.schedules;
      if (integrations) payload.integrationId = value.integrationId;
      if (prompts) payload.promptId = value.promptId;
      payload.slaFirstResponseMinutes = slaMinutesOf(value.slaFirstResponseMinutes, value.slaFirstResponseUnit);
      payload.slaResolutionMinutes = slaMinutesOf(value.slaResolutionMinutes, value.slaResolutionUnit);
      let saved: QueueDetail;
      try {
        saved = queue ? await updateQueue(queue.id, payload) : await createQueue(payload);
      } catch (err) {
        if (err instanceof ApiError) {
          const codeField = err.code ? CODE_FIELDS[err.code] : undefined;
          showErrorsOf(codeField ? [codeField, ...Object.keys(err.fields)] : Object.keys(err.fields), false);
        }
        throw err;
      }
      // The attachment is a separate call once the queue exists (spec 002: media-upload after save).
      try {
        if (value.attachment) saved = await uploadQueueMedia(saved.id, value.attachment, uploadName(value.attachment));
        else if (value.removeAttachment && saved.mediaName) saved = await deleteQueueMedia(saved.id);
        toast.success(t("queues.saved"));
      } catch (err) {
        toast.error(t("queues.attachmentFailed", { reason: errorMessage(err, t) }));
      }
      const { options: _options, ...row } = saved;
      onSaved(row);
      if (!queue && value.keepOpen && onCreatedAndKept) onCreatedAndKept(saved);
      else onClose();
    },
  });
  const integration = useInputControl(fields.integrationId);
  const prompt = useInputControl(fields.promptId);
  const color = useInputControl(fields.color);
  const assignment = useInputControl(fields.assignmentMode);

  const hoursEdited = fields.schedules.getFieldList().some((day) => {
    const { startTime, endTime } = day.getFieldset();
    return startTime.dirty || endTime.dirty;
  });
  // The options are saved as they are edited: once the queue's own fields are as loaded, there is nothing to cancel.
  const unsaved =
    (["name", "orderQueue", "color", "greetingMessage", "outOfHoursMessage"] as const).some((name) => fields[name].dirty) ||
    (["slaFirstResponseMinutes", "slaFirstResponseUnit", "slaResolutionMinutes", "slaResolutionUnit"] as const).some((name) => fields[name].dirty) ||
    hoursEdited ||
    (fields.attachment.value instanceof File && fields.attachment.value.size > 0) ||
    fields.removeAttachment.value === "on" ||
    (integration.value ?? "") !== idText(queue?.integrationId) ||
    (prompt.value ?? "") !== idText(queue?.promptId) ||
    (assignment.value ?? "off") !== (queue?.assignmentMode ?? "off");

  /** Errors are shown on their tab: the data tab's first (a submit with errors, a failed save), then the hours'. */
  const showErrorsOf = (names: string[], onSubmit: boolean) => {
    if (names.some((name) => !name.startsWith("schedules"))) setTab("data");
    else if (names.length > 0) {
      setTab("schedules");
      if (onSubmit) toast.error(t("queues.schedules.fixErrors"));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The same check the form runs (the contract's), read here to choose the tab before it shows its errors.
    const submission = parseWithZod(new FormData(event.currentTarget), { schema });
    if (submission.status === "error") showErrorsOf(Object.keys(submission.error ?? {}).filter((name) => submission.error?.[name]?.length), true);
    form.onSubmit(event);
  };

  // What the chatbot does in this queue once a prompt or an integration takes the conversation (runChatbot).
  const handOff = prompt.value ? t("queues.dialog.promptOnHint") : integration.value ? t("queues.dialog.integrationOnHint") : null;

  const nameError = fields.name.errors?.[0];
  const colorError = fields.color.errors?.[0];
  const orderError = fields.orderQueue.errors?.[0];
  const greetingError = fields.greetingMessage.errors?.[0];
  const outOfHoursError = fields.outOfHoursMessage.errors?.[0];

  return (
    <Tabs value={activeTab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
      <div className="px-5 pt-2">
        <TabsList>
          <TabsTrigger value="data">{t("queues.dialog.tabs.data")}</TabsTrigger>
          {schedulesEnabled ? <TabsTrigger value="schedules">{t("queues.dialog.tabs.schedules")}</TabsTrigger> : null}
        </TabsList>
      </div>
      <DialogBody className="pt-0">
        {/* Both tabs stay mounted: the hours' inputs belong to the form (form={form.id}) from the other tab. */}
        <TabsContent value="data" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
          <form id={form.id} onSubmit={submit} noValidate className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <Field id={fields.name.id} label={t("queues.dialog.name")} error={nameError}>
                <Input
                  id={fields.name.id}
                  name={fields.name.name}
                  key={fields.name.key}
                  defaultValue={fields.name.initialValue}
                  autoComplete="off"
                  autoFocus={!queue}
                  maxLength={50}
                  invalid={!!nameError}
                  aria-describedby={describedBy(fields.name.id, nameError)}
                />
              </Field>
              <Field id={fields.orderQueue.id} label={t("queues.dialog.order")} error={orderError} hint={orderError ? undefined : t("queues.dialog.orderHint")}>
                <Input
                  id={fields.orderQueue.id}
                  name={fields.orderQueue.name}
                  key={fields.orderQueue.key}
                  defaultValue={fields.orderQueue.initialValue}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  invalid={!!orderError}
                  aria-describedby={describedBy(fields.orderQueue.id, orderError, t("queues.dialog.orderHint"))}
                  className="tabular-nums"
                />
              </Field>
            </div>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{t("queues.dialog.color")}</legend>
              <ColorField
                id={fields.color.id}
                name={fields.color.name}
                value={color.value ?? ""}
                onChange={color.change}
                invalid={!!colorError}
                describedBy={colorError ? `${fields.color.id}-error` : undefined}
              />
              {colorError ? (
                <p id={`${fields.color.id}-error`} role="alert" className="text-xs font-medium text-danger">
                  {colorError}
                </p>
              ) : null}
            </fieldset>
            <Field id={fields.greetingMessage.id} label={t("queues.dialog.greeting")} error={greetingError} hint={greetingError ? undefined : t("queues.dialog.greetingHint")}>
              <textarea
                id={fields.greetingMessage.id}
                name={fields.greetingMessage.name}
                key={fields.greetingMessage.key}
                defaultValue={fields.greetingMessage.initialValue}
                rows={3}
                className={textareaClasses}
                aria-invalid={!!greetingError || undefined}
                aria-describedby={describedBy(fields.greetingMessage.id, greetingError, t("queues.dialog.greetingHint"))}
              />
            </Field>
            <Field
              id={fields.outOfHoursMessage.id}
              label={t("queues.dialog.outOfHours")}
              error={outOfHoursError}
              hint={outOfHoursError ? undefined : t("queues.dialog.outOfHoursHint")}
            >
              <textarea
                id={fields.outOfHoursMessage.id}
                name={fields.outOfHoursMessage.name}
                key={fields.outOfHoursMessage.key}
                defaultValue={fields.outOfHoursMessage.initialValue}
                rows={2}
                className={textareaClasses}
                aria-invalid={!!outOfHoursError || undefined}
                aria-describedby={describedBy(fields.outOfHoursMessage.id, outOfHoursError, t("queues.dialog.outOfHoursHint"))}
              />
            </Field>
            <FileField
              meta={fields.attachment}
              remove={fields.removeAttachment}
              current={queue?.mediaName ? { name: queue.mediaName, url: queue.mediaPath } : null}
              maxBytes={MAX_QUEUE_MEDIA_BYTES}
            />
            {integrations || prompts ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {integrations ? (
                  <LinkSelect id="queue-integration" label={t("queues.dialog.integration")} items={integrations} control={integration} error={fields.integrationId.errors?.[0]} />
                ) : null}
                {prompts ? (
                  <LinkSelect
                    id="queue-prompt"
                    label={t("queues.dialog.prompt")}
                    items={prompts}
                    control={prompt}
                    error={fields.promptId.errors?.[0]}
                    hint={prompt.value ? undefined : t("queues.dialog.promptHint")}
                  />
                ) : null}
              </div>
            ) : null}
            <Field id="queue-assignment" label={t("queues.dialog.assignment")} error={fields.assignmentMode.errors?.[0]} hint={t("queues.dialog.assignmentHint")}>
              <Select
                id="queue-assignment"
                value={assignment.value || "off"}
                onValueChange={assignment.change}
                options={ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: t(`queues.dialog.assignmentModes.${mode}`) }))}
                invalid={!!fields.assignmentMode.errors?.[0]}
                aria-describedby={describedBy("queue-assignment", fields.assignmentMode.errors?.[0], t("queues.dialog.assignmentHint"))}
              />
            </Field>
            <ServiceLevelFields
              firstResponse={{ amount: fields.slaFirstResponseMinutes, unit: fields.slaFirstResponseUnit }}
              resolution={{ amount: fields.slaResolutionMinutes, unit: fields.slaResolutionUnit }}
            />
            {handOff ? (
              <p role="note" data-testid="queue-handoff-note" className="flex gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2.5 text-sm text-fg">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-text" />
                {handOff}
              </p>
            ) : null}
          </form>
          <div className="border-t border-line pt-5">
            {queue && options && onOptionsChange ? (
              <OptionsEditor queueId={queue.id} options={options} onChange={onOptionsChange} />
            ) : (
              <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line-strong px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted">{t("queues.options.saveFirst")}</p>
                {/* Its value goes with the form (keepOpen): the dialog stays open on the new queue to build its menu. */}
                <Button type="submit" form={form.id} name={fields.keepOpen.name} value="on" variant="outline" size="sm" disabled={saving}>
                  {t("queues.options.saveAndAdd")}
                </Button>
              </div>
            )}
          </div>
        </TabsContent>
        {schedulesEnabled ? (
          <TabsContent value="schedules" forceMount className="data-[state=inactive]:hidden">
            <SchedulesEditor meta={fields.schedules} formId={form.id} of="queue" />
          </TabsContent>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {queue && !unsaved ? t("common.close") : t("common.cancel")}
        </Button>
        <Button type="submit" form={form.id} loading={saving}>
          {queue ? t("common.save") : t("common.add")}
        </Button>
      </DialogFooter>
    </Tabs>
  );
}

/** The targets as the dialog's inputs hold them: an amount (text) and its unit. */
function slaDefaults(queue: QueueDetail | null) {
  const first = slaAmountOf(queue?.slaFirstResponseMinutes);
  const resolution = slaAmountOf(queue?.slaResolutionMinutes);
  return { slaFirstResponseMinutes: first.amount, slaFirstResponseUnit: first.unit, slaResolutionMinutes: resolution.amount, slaResolutionUnit: resolution.unit };
}

/** An id as its select holds it: its text, or empty for none. */
const idText = (id: number | null | undefined) => (id == null ? "" : String(id));

/**
 * An integration or prompt select, a conform control (empty: none). The lists come from their own pages' API.
 * GET /prompt and GET /queueIntegration answer (issue 15), so each select shows where the plan has the feature;
 * listLinkable answers null otherwise and that select stays hidden (a queue keeps whatever link it already has).
 */
function LinkSelect({
  id,
  label,
  items,
  control,
  error,
  hint,
}: {
  id: string;
  label: string;
  items: NamedRef[];
  control: { value: string | undefined; change: (value: string) => void };
  error?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} error={error} hint={error ? undefined : hint}>
      <Select
        id={id}
        value={control.value || NONE}
        onValueChange={(v) => control.change(v === NONE ? "" : v)}
        options={[{ value: NONE, label: t("queues.dialog.none") }, ...items.map((i) => ({ value: String(i.id), label: i.name }))]}
        invalid={!!error}
        aria-describedby={describedBy(id, error, hint)}
      />
    </Field>
  );
}
