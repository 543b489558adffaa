import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MACRO_ACTION_TYPES } from "../../../../worker/contracts/automation/macros";
import { MAX_MEDIA_BYTES } from "../../../../worker/contracts/messages";
import { can } from "../../../../worker/contracts/permissions";
import { DialogForm } from "../../components/form/DialogForm";
import { FileField } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { errorMessage } from "../../lib/errors";
import { safeFileName } from "../../lib/files";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { useInputControl } from "@conform-to/react";
import { ActionsEditor, isActionsField } from "../automationActions/ActionsEditor";
import type { ActionLookups } from "../automationActions/lookups";
import { createMacro, deleteMacroMedia, updateMacro, uploadMacroMedia } from "./api";
import { macroFormSchema } from "./schema";
import type { MacroRow } from "./types";
import "./texts";

const isFormField = (name: string) => name === "name" || name === "visibility" || isActionsField(name);

export interface MacroDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The macro being edited; absent to add one. */
  macro?: MacroRow | null;
  lookups: ActionLookups;
  onSaved: (macro: MacroRow) => void;
}

export function MacroDialog({ open, onOpenChange, macro, lookups, onSaved }: MacroDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={macro ? t("macros.dialog.editTitle") : t("macros.dialog.addTitle")} size="lg" modalLock>
        <MacroForm macro={macro ?? null} lookups={lookups} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MacroForm({ macro, lookups, onSaved, onClose }: { macro: MacroRow | null; lookups: ActionLookups; onSaved: (macro: MacroRow) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const mayShare = can(user, "macros:manageShared");
  const schema = useMemo(() => macroFormSchema(i18n.language), [i18n.language]);

  const { form, fields, saving } = useContractForm({
    id: `macro-form-${macro?.id ?? "new"}`,
    schema,
    defaultValue: { name: macro?.name ?? "", visibility: macro?.visibility ?? (mayShare ? "company" : "personal"), actions: macro?.actions ?? [] },
    fields: isFormField,
    async save(value) {
      const payload = { name: value.name, visibility: value.visibility, actions: value.actions };
      let saved = macro ? await updateMacro(macro.id, payload) : await createMacro(payload);
      // The file is a separate call once the macro exists, as a quick message's.
      try {
        if (value.media) saved = await uploadMacroMedia(saved.id, value.media, safeFileName(value.media.name) || "file");
        else if (value.removeMedia && saved.mediaName) saved = await deleteMacroMedia(saved.id);
        toast.success(t("macros.saved"));
      } catch (err) {
        toast.error(t("macros.attachmentFailed", { reason: errorMessage(err, t) }));
      }
      onSaved(saved);
      onClose();
    },
  });
  const visibility = useInputControl(fields.visibility);
  const nameError = fields.name.errors?.[0];
  const visibilityError = fields.visibility.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing={!!macro} onCancel={onClose}>
      <Field id={fields.name.id} label={t("macros.dialog.name")} error={nameError}>
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
      <Field id={fields.visibility.id} label={t("macros.dialog.visibility")} error={visibilityError}>
        <Select
          id={fields.visibility.id}
          value={visibility.value ?? "personal"}
          onValueChange={visibility.change}
          disabled={!mayShare}
          options={[
            { value: "company", label: t("macros.dialog.visibilityCompany") },
            { value: "personal", label: t("macros.dialog.visibilityPersonal") },
          ]}
          invalid={!!visibilityError}
          aria-describedby={describedBy(fields.visibility.id, visibilityError)}
        />
      </Field>
      <ActionsEditor form={form} meta={fields.actions} types={MACRO_ACTION_TYPES} lookups={lookups} />
      <FileField
        meta={fields.media}
        remove={fields.removeMedia}
        current={macro?.mediaName ? { name: macro.mediaName, url: macro.mediaPath } : null}
        label={t("macros.dialog.file")}
        hint={t("macros.dialog.fileHint")}
        maxBytes={MAX_MEDIA_BYTES}
      />
    </DialogForm>
  );
}
