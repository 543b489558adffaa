import { useInputControl } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_QUEUE_MEDIA_BYTES } from "../../../../worker/contracts/queues";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Select";
import { listAllFileLists } from "../fileLists/api";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { FileField } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { errorMessage, toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { createQueueOption, deleteQueueOptionMedia, updateQueueOption, uploadQueueOptionMedia } from "./api";
import { uploadName } from "./media";
import { NONE, optionFormSchema } from "./schema";
import type { QueueOptionNode } from "./types";
import "./texts";

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
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => optionFormSchema(i18n.language), [i18n.language]);
  const [fileLists, setFileLists] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    listAllFileLists().then(setFileLists).catch(toastError);
  }, []);

  const { form, fields, saving } = useContractForm({
    id: `queue-option-form-${option?.id ?? `new-${parentId ?? "top"}`}`,
    schema,
    defaultValue: { title: option?.title ?? "", message: option?.message ?? "", fileListId: option?.fileListId ? String(option.fileListId) : "", marketingConsent: option?.marketingConsent ?? "" },
    fields: ["title", "message", "fileListId", "marketingConsent"],
    async save({ title, message, fileListId, marketingConsent, attachment, removeAttachment }) {
      const payload = { title, message, fileListId, marketingConsent };
      let saved = option ? await updateQueueOption(option.id, payload) : await createQueueOption({ queueId, parentId, ...payload });
      try {
        if (attachment) saved = await uploadQueueOptionMedia(saved.id, attachment, uploadName(attachment));
        else if (removeAttachment && saved.mediaName) saved = await deleteQueueOptionMedia(saved.id);
        toast.success(t("queues.options.saved"));
      } catch (err) {
        toast.error(t("queues.attachmentFailed", { reason: errorMessage(err, t) }));
      }
      onSaved(saved, !option);
    },
  });

  const fileList = useInputControl(fields.fileListId);
  const titleError = fields.title.errors?.[0];
  const messageError = fields.message.errors?.[0];
  const fileListError = fields.fileListId.errors?.[0];
  const consent = useInputControl(fields.marketingConsent);

  return (
    <form
      id={form.id}
      // Options sit inside the queue's dialog: their submit is theirs alone.
      onSubmit={(event) => {
        event.stopPropagation();
        form.onSubmit(event);
      }}
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
      <Field id={fields.fileListId.id} label={t("queues.options.fileList")} error={fileListError} hint={fileListError ? undefined : t("queues.options.fileListHint")}>
        <Select
          id={fields.fileListId.id}
          value={fileList.value || NONE}
          onValueChange={(v) => fileList.change(v === NONE ? "" : v)}
          options={[{ value: NONE, label: t("queues.options.noFileList") }, ...fileLists.map((l) => ({ value: String(l.id), label: l.name }))]}
          invalid={!!fileListError}
          aria-describedby={describedBy(fields.fileListId.id, fileListError, true)}
        />
      </Field>
      <Field id={fields.marketingConsent.id} label={t("queues.options.marketingConsent")} hint={t("queues.options.marketingConsentHint")}>
        <Select
          id={fields.marketingConsent.id}
          value={consent.value || NONE}
          onValueChange={(v) => consent.change(v === NONE ? "" : v)}
          options={[
            { value: NONE, label: t("queues.options.marketingConsentNone") },
            { value: "granted", label: t("queues.options.marketingConsentGranted") },
            { value: "revoked", label: t("queues.options.marketingConsentRevoked") },
          ]}
          aria-describedby={describedBy(fields.marketingConsent.id, undefined, true)}
        />
      </Field>
      <FileField
        meta={fields.attachment}
        remove={fields.removeAttachment}
        current={option?.mediaName ? { name: option.mediaName, url: option.mediaPath } : null}
        maxBytes={MAX_QUEUE_MEDIA_BYTES}
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
