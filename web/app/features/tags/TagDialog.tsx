import { useInputControl } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../components/form/DialogForm";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { toast } from "../../lib/toast";
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
  const { form, fields, saving } = useContractForm({
    id: `tag-form-${tag?.id ?? "new"}`,
    schema: tagFormSchema,
    defaultValue: { name: tag?.name ?? "", color: tag?.color ?? DEFAULT_TAG_COLOR, kanban: tag?.kanban === 1 ? "on" : "" },
    fields: isFormField,
    codeFields: { ERR_DUPLICATED_TAG: "name" },
    messages: TAG_FORM_MESSAGES,
    async save(value) {
      const payload: TagPayload = { name: value.name, color: value.color };
      if (mayToggleKanban) payload.kanban = value.kanban ? 1 : 0;
      const saved = tag ? await updateTag(tag.id, payload) : await createTag(payload);
      toast.success(t("tags.saved"));
      // An update may answer without the count: keep the row's.
      onSaved({ ...saved, ticketsCount: saved.ticketsCount ?? tag?.ticketsCount ?? 0 });
      onClose();
    },
  });
  const color = useInputControl(fields.color);
  const colorValue = color.value ?? DEFAULT_TAG_COLOR;
  const preview = fields.name.value ?? "";

  const nameError = fields.name.errors?.[0];
  const colorError = fields.color.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing={!!tag} onCancel={onClose}>
        <Field id={fields.name.id} label={t("tags.dialog.name")} error={nameError}>
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
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
            value={colorValue}
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
        <div className="flex items-center gap-2 text-sm text-muted">
          <span>{t("tags.dialog.preview")}</span>
          <TagChip name={preview.trim() || t("tags.dialog.previewPlaceholder")} color={normalizeHex(colorValue) ?? DEFAULT_TAG_COLOR} />
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
            <SwitchInput meta={fields.kanban} aria-describedby={`${fields.kanban.id}-hint`} />
          </div>
        ) : null}
    </DialogForm>
  );
}
