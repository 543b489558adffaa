import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { Paperclip, Trash2, Undo2 } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatBytes, safeFileName } from "../../lib/files";
import { messageWith } from "../../lib/form-errors";
import { Button } from "../ui/Button";
import "../../features/quickMessages/texts";

/**
 * A file picked in a form, checked by the form's schema: absent (nothing picked) or a file up to `maxBytes`, else
 * "O arquivo tem mais de 16 MB." under the field. `lang` writes the limit in the user's language.
 */
export function pickedFile(maxBytes: number, lang: string) {
  return z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File)
    .refine((file) => file.size <= maxBytes, messageWith("quickMessages.dialog.tooLarge", { size: formatBytes(maxBytes, lang) }))
    .optional();
}

/** The removal of the file a record already has: a switch-like field, "on" when it goes on save. */
export const removeFile = z.boolean().optional();

/**
 * One way for a file entry in a form (issue 23 §2): the record's current file (openable), a new file picked to go
 * up after saving, or the current one's removal; the name shown as it will be stored (spaces as underscores, spec
 * 002). The picked file is the form's: a native file input named `meta.name` that conform reads (its rules, such
 * as the size, are the schema's: `pickedFile`); the removal is the `remove` field (`removeFile`). Nothing lives in
 * useState. A form with its own texts (campaigns, the platform's logos) passes its label, hint and accept list.
 */
export function FileField({
  meta,
  remove,
  current,
  label,
  hint,
  accept,
  maxBytes,
  disabled = false,
  id = meta.id,
  emptyText,
  pendingText,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's file field
  meta: FieldMetadata<File | undefined, any, string[]>;
  /** The removal of `current` (`removeFile`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's boolean field
  remove: FieldMetadata<boolean | undefined, any, string[]>;
  current: { name: string; url: string | null } | null;
  label?: string;
  hint?: string;
  /** The file input's accept list (the picker's filter; the server still checks). */
  accept?: string;
  /** The limit the hint names (the schema's `pickedFile` checks it). */
  maxBytes: number;
  /** Read-only: the file is shown, nothing can be picked or removed. */
  disabled?: boolean;
  /** The file input's id, for a test or a label elsewhere. */
  id?: string;
  /** What the field says with no file ("Sem anexo"), and beside a picked file's size ("enviado ao salvar"). */
  emptyText?: string;
  pendingText?: (size: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const removal = useInputControl(remove);
  const picked = meta.value instanceof File && meta.value.size > 0 ? meta.value : null;
  const removing = !picked && !!current && removal.value === "on";
  const error = meta.errors?.[0];
  const shown = picked
    ? { name: safeFileName(picked.name) || "file", detail: formatBytes(picked.size, i18n.language), url: null }
    : current && !removing
      ? { ...current, detail: null }
      : null;

  // The input changed by hand (undo): conform reads it on the input event, and checks it again as on blur.
  const clearPicked = () => {
    const el = input.current;
    if (!el) return;
    el.value = "";
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  };

  return (
    <FileBox
      look={{ id, label, hint, maxBytes, emptyText, pendingText, disabled }}
      error={error}
      shown={shown}
      removing={removing}
      onPick={() => input.current?.click()}
      onUndoPick={picked ? clearPicked : undefined}
      onRemove={!picked && current && !removing ? () => removal.change("on") : undefined}
      onUndoRemove={removing ? () => removal.change("") : undefined}
    >
      <input
        ref={input}
        id={id}
        name={meta.name}
        key={meta.key}
        form={meta.formId}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        // A new file replaces a removal; it is checked at once (its size), as a typed field is on blur: the
        // picker never focuses the input.
        onChange={(e) => {
          if (removal.value === "on") removal.change("");
          e.currentTarget.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
        }}
      />
    </FileBox>
  );
}

/**
 * The look of a file entry, whoever holds its state (FileField, a form's; AttachmentField, a page's): the file
 * shown (a link when it has an address), its size while it waits for its upload, the pick, undo and remove
 * buttons that apply, and the error or the hint. `children` is the file input.
 */
export interface FileLook {
  /** The file input's id. */
  id: string;
  label?: string;
  hint?: string;
  /** The limit the default hint names. */
  maxBytes: number;
  /** What the field says with no file ("Sem anexo"), and beside a picked file's size ("enviado ao salvar"). */
  emptyText?: string;
  pendingText?: (size: string) => string;
  /** Read-only: the file is shown, nothing can be picked or removed. */
  disabled: boolean;
}

export function FileBox({
  look: { id, label, hint, maxBytes, emptyText, pendingText, disabled },
  error,
  shown,
  removing,
  onPick,
  onUndoPick,
  onRemove,
  onUndoRemove,
  children,
}: {
  look: FileLook;
  error: string | null | undefined;
  shown: { name: string; url: string | null; detail: string | null } | null;
  removing: boolean;
  onPick: () => void;
  onUndoPick?: () => void;
  onRemove?: () => void;
  onUndoRemove?: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label ?? t("quickMessages.dialog.attachment")}
      </span>
      <div className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2.5" aria-labelledby={`${id}-label`} role="group">
        <Paperclip className="size-4 shrink-0 text-subtle" aria-hidden />
        <div className="min-w-0 flex-1 text-sm">
          {shown ? (
            <>
              {shown.url ? (
                <a href={shown.url} target="_blank" rel="noreferrer" title={shown.name} className="block truncate font-medium text-brand-text underline-offset-2 hover:underline">
                  {shown.name}
                </a>
              ) : (
                <span className="block truncate font-medium" title={shown.name}>
                  {shown.name}
                </span>
              )}
              {shown.detail ? <span className="text-xs text-subtle">{pendingText ? pendingText(shown.detail) : t("quickMessages.dialog.uploadAfterSave", { size: shown.detail })}</span> : null}
            </>
          ) : (
            <span className="text-subtle">{removing ? t("quickMessages.dialog.willRemove") : (emptyText ?? t("quickMessages.noAttachment"))}</span>
          )}
        </div>
        {children}
        <div className={disabled ? "hidden" : "flex gap-1"}>
          <Button variant="outline" size="sm" onClick={onPick} aria-describedby={error ? `${id}-error` : undefined}>
            {shown ? t("quickMessages.dialog.replaceFile") : t("quickMessages.dialog.pickFile")}
          </Button>
          {onUndoPick ? (
            <Button variant="ghost" size="icon-sm" onClick={onUndoPick} aria-label={t("quickMessages.dialog.undoFile")} title={t("quickMessages.dialog.undoFile")}>
              <Undo2 className="size-4" aria-hidden />
            </Button>
          ) : null}
          {onRemove ? (
            <Button variant="ghost" size="icon-sm" onClick={onRemove} aria-label={t("quickMessages.dialog.removeFile")} title={t("quickMessages.dialog.removeFile")} className="hover:text-danger">
              <Trash2 className="size-4" aria-hidden />
            </Button>
          ) : null}
          {onUndoRemove ? (
            <Button variant="ghost" size="icon-sm" onClick={onUndoRemove} aria-label={t("quickMessages.dialog.undoRemove")} title={t("quickMessages.dialog.undoRemove")}>
              <Undo2 className="size-4" aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-subtle">{hint ?? t("quickMessages.dialog.attachmentHint", { size: formatBytes(maxBytes, i18n.language) })}</p>
      )}
    </div>
  );
}
