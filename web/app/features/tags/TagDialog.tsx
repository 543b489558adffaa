import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Switch } from "../../components/ui/Switch";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { fieldErrorsFrom, translateSubmission } from "../../lib/form-errors";
import { createTag, updateTag } from "./api";
import { ColorField } from "./ColorField";
import { DEFAULT_TAG_COLOR, normalizeHex } from "./colors";
import { TAG_FORM_MESSAGES, tagFormSchema } from "./schema";
import { TagChip } from "./TagChip";
import type { TagPayload, TagRow } from "./types";
import "./texts";

const isFormField = (name: string) => ["name", "color", "kanban"].includes(name);

export interface TagDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tag being edited; absent to add one. */
  tag?: TagRow | null;
  /** Whether the kanban switch shows (tags:kanbanToggle). */
  mayToggleKanban: boolean;
  onSaved: (tag: TagRow) => void;
}

export function TagDialog({ open, onOpenChange, tag, mayToggleKanban, onSaved }: TagDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={tag ? t("tags.dialog.editTitle") : t("tags.dialog.addTitle")} size="md" modalLock>
        <TagForm tag={tag ?? null} mayToggleKanban={mayToggleKanban} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function TagForm({ tag, mayToggleKanban, onSaved, onClose }: { tag: TagRow | null; mayToggleKanban: boolean; onSaved: (tag: TagRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [color, setColor] = useState(tag?.color ?? DEFAULT_TAG_COLOR);
  const [kanban, setKanban] = useState(tag?.kanban === 1);
  const [preview, setPreview] = useState(tag?.name ?? "");
  const [saving, setSaving] = useState(false);

  const [form, fields] = useForm({
    id: `tag-form-${tag?.id ?? "new"}`,
    lastResult,
    defaultValue: { name: tag?.name ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: tagFormSchema }), t, (field) => TAG_FORM_MESSAGES[field as "name"]),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const value = submission.value;
      const payload: TagPayload = { name: value.name, color: value.color };
      if (mayToggleKanban) payload.kanban = value.kanban ? 1 : 0;
      setSaving(true);
      try {
        const saved = tag ? await updateTag(tag.id, payload) : await createTag(payload);
        toast.success(t("tags.saved"));
        // An update may answer without the count: keep the row's.
        onSaved({ ...saved, ticketsCount: saved.ticketsCount ?? tag?.ticketsCount ?? 0 });
        onClose();
      } catch (err) {
        const fieldErrors = fieldErrorsFrom(err, t, isFormField, { ERR_DUPLICATED_TAG: "name" }, {}, (field) => TAG_FORM_MESSAGES[field as "name"]);
        if (fieldErrors) setLastResult(submission.reply({ fieldErrors }));
        else toastError(err);
      } finally {
        setSaving(false);
      }
    },
  });

  const nameError = fields.name.errors?.[0];
  const colorError = fields.color.errors?.[0];

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="flex flex-col gap-4">
        <Field id={fields.name.id} label={t("tags.dialog.name")} error={nameError}>
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
            onChange={(e) => setPreview(e.target.value)}
            autoComplete="off"
            autoFocus
            invalid={!!nameError}
            aria-describedby={describedBy(fields.name.id, nameError)}
          />
        </Field>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t("tags.dialog.color")}</legend>
          <ColorField
            id={fields.color.id}
            name={fields.color.name}
            value={color}
            onChange={setColor}
            invalid={!!colorError}
            describedBy={colorError ? `${fields.color.id}-error` : undefined}
          />
          {colorError ? (
            <p id={`${fields.color.id}-error`} role="alert" className="text-xs font-medium text-danger">
              {colorError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex items-center gap-2 text-sm text-muted">
          <span>{t("tags.dialog.preview")}</span>
          <TagChip name={preview.trim() || t("tags.dialog.previewPlaceholder")} color={normalizeHex(color) ?? DEFAULT_TAG_COLOR} />
        </div>
        {mayToggleKanban ? (
          <div className="flex items-center justify-between gap-4 rounded-xl border border-line bg-surface-2 px-4 py-3">
            <div className="min-w-0">
              <label htmlFor={fields.kanban.id} className="text-sm font-medium">
                {t("tags.dialog.kanban")}
              </label>
              <p id={`${fields.kanban.id}-hint`} className="text-xs text-subtle">
                {t("tags.dialog.kanbanHint")}
              </p>
            </div>
            {kanban ? <input type="hidden" name={fields.kanban.name} value="on" /> : null}
            <Switch id={fields.kanban.id} checked={kanban} onCheckedChange={setKanban} aria-describedby={`${fields.kanban.id}-hint`} />
          </div>
        ) : null}
      </DialogBody>
      <FormDialogFooter saving={saving} editing={!!tag} onCancel={onClose} />
    </form>
  );
}
