import { useForm, useInputControl, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Select";
import { listAllFileLists } from "../fileLists/api";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { errorMessage, toastError } from "../../lib/errors";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { AttachmentField, type AttachmentChange } from "../quickMessages/AttachmentField";
import { createQueueOption, deleteQueueOptionMedia, updateQueueOption, uploadQueueOptionMedia } from "./api";
import { attachmentChangeChecker, uploadName } from "./media";
import { NO_FILE_LIST, optionFormSchema } from "./schema";
import type { QueueOptionNode } from "./types";
import "./texts";

const isFormField = (name: string) => ["title", "message"].includes(name);

/**
 * Adds an option under `parentId` (null: the top level) or edits `option`. Its own form: the options live
 * outside the queue's form and are saved one by one, each with its attachment (sent after the option is saved).
 */
export function OptionForm({
  queueId,
  parentId,
  option,
  heading,
  onSaved,
  onCancel,
}: {
  queueId: number;
  parentId: number | null;
  option: QueueOptionNode | null;
  heading: string;
  onSaved: (option: QueueOptionNode, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => optionFormSchema(t), [t]);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [attachment, setAttachment] = useState<AttachmentChange>({ kind: "keep" });
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [fileLists, setFileLists] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    listAllFileLists().then(setFileLists).catch(toastError);
  }, []);

  const [form, fields] = useForm({
    id: `queue-option-form-${option?.id ?? `new-${parentId ?? "top"}`}`,
    lastResult,
    defaultValue: { title: option?.title ?? "", message: option?.message ?? "", fileListId: option?.fileListId ? String(option.fileListId) : NO_FILE_LIST },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      event.stopPropagation();
      if (submission?.status !== "success") return;
      const payload = { title: submission.value.title, message: submission.value.message ?? "", fileListId: submission.value.fileListId };
      setSaving(true);
      let saved: QueueOptionNode;
      try {
        saved = option ? await updateQueueOption(option.id, payload) : await createQueueOption({ queueId, parentId, ...payload });
      } catch (err) {
        setSaving(false);
        const fieldErrors = fieldErrorsFrom(err, t, isFormField);
        if (fieldErrors) setLastResult(submission.reply({ fieldErrors }));
        else toastError(err);
        return;
      }
      try {
        if (attachment.kind === "replace") saved = await uploadQueueOptionMedia(saved.id, attachment.file, uploadName(attachment.file));
        else if (attachment.kind === "remove" && saved.mediaName) saved = await deleteQueueOptionMedia(saved.id);
        toast.success(t("queues.options.saved"));
      } catch (err) {
        toast.error(t("queues.attachmentFailed", { reason: errorMessage(err, t) }));
      } finally {
        setSaving(false);
      }
      onSaved(saved, !option);
    },
  });

  const fileList = useInputControl(fields.fileListId);
  const titleError = fields.title.errors?.[0];
  const messageError = fields.message.errors?.[0];
  const onAttachmentChange = attachmentChangeChecker(t, setAttachment, setAttachmentError);

  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={heading}
      className="flex flex-col gap-3 rounded-xl border border-brand/40 bg-surface p-3 shadow-sm ring-2 ring-brand/10 sm:p-4"
    >
      <p className="text-sm font-semibold">{heading}</p>
      <Field id={fields.title.id} label={t("queues.options.optionTitle")} error={titleError}>
        <Input
          id={fields.title.id}
          name={fields.title.name}
          key={fields.title.key}
          defaultValue={fields.title.initialValue}
          placeholder={t("queues.options.optionTitlePlaceholder")}
          autoComplete="off"
          autoFocus
          maxLength={100}
          invalid={!!titleError}
          aria-describedby={describedBy(fields.title.id, titleError)}
        />
      </Field>
      <Field id={fields.message.id} label={t("queues.options.message")} error={messageError}>
        <textarea
          id={fields.message.id}
          name={fields.message.name}
          key={fields.message.key}
          defaultValue={fields.message.initialValue}
          placeholder={t("queues.options.messagePlaceholder")}
          rows={3}
          className={textareaClasses}
          aria-invalid={!!messageError || undefined}
          aria-describedby={describedBy(fields.message.id, messageError)}
        />
      </Field>
      <Field id={`${form.id}-file-list`} label={t("queues.options.fileList")} hint={t("queues.options.fileListHint")}>
        <Select
          id={`${form.id}-file-list`}
          value={fileList.value || NO_FILE_LIST}
          onValueChange={fileList.change}
          options={[{ value: NO_FILE_LIST, label: t("queues.options.noFileList") }, ...fileLists.map((l) => ({ value: String(l.id), label: l.name }))]}
          aria-describedby={`${form.id}-file-list-hint`}
        />
      </Field>
      <AttachmentField
        current={option?.mediaName ? { name: option.mediaName, url: option.mediaPath } : null}
        change={attachment}
        onChange={onAttachmentChange}
        error={attachmentError}
        onError={setAttachmentError}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {t("queues.options.save")}
        </Button>
      </div>
    </form>
  );
}
