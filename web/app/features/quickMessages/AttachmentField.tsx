import { Paperclip, Trash2, Undo2 } from "lucide-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { formatBytes, safeFileName } from "../../lib/files";
import { MAX_ATTACHMENT_BYTES } from "./rules";
import "./texts";

export type AttachmentChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

/**
 * The product's attachment control: the current file (openable), a new file to upload after saving, or its
 * removal. The name is shown as it will be stored (spaces as underscores, spec 002). Quick messages, schedules,
 * queues and campaigns use it as it is; a form with its own rules (the platform's logos) passes its label, the
 * types it takes, its size limit and its hint.
 */
export function AttachmentField({
  current,
  change,
  onChange,
  error,
  onError,
  label,
  hint,
  accept,
  maxBytes = MAX_ATTACHMENT_BYTES,
  disabled = false,
  id: givenId,
  emptyText,
  pendingText,
}: {
  current: { name: string; url: string | null } | null;
  change: AttachmentChange;
  onChange: (change: AttachmentChange) => void;
  error: string | null;
  onError: (message: string | null) => void;
  label?: string;
  hint?: string;
  /** The file input's accept list (the picker's filter; the server still checks). */
  accept?: string;
  maxBytes?: number;
  /** Read-only: the file is shown, nothing can be picked or removed. */
  disabled?: boolean;
  /** The file input's id, for a test or a label elsewhere. */
  id?: string;
  /** What the field says with no file ("Sem anexo"), and beside a picked file's size ("enviado ao salvar"). */
  emptyText?: string;
  pendingText?: (size: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const ownId = useId();
  const id = givenId ?? ownId;
  const input = useRef<HTMLInputElement>(null);
  const shown = change.kind === "replace" ? { name: safeFileName(change.file.name) || "file", detail: formatBytes(change.file.size, i18n.language), url: null } : change.kind === "keep" && current ? { ...current, detail: null } : null;

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
            <span className="text-subtle">{change.kind === "remove" ? t("quickMessages.dialog.willRemove") : (emptyText ?? t("quickMessages.noAttachment"))}</span>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            if (file.size > maxBytes) {
              onError(t("quickMessages.dialog.tooLarge", { size: formatBytes(maxBytes, i18n.language) }));
              return;
            }
            onError(null);
            onChange({ kind: "replace", file });
          }}
        />
        <div className={disabled ? "hidden" : "flex gap-1"}>
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={error ? `${id}-error` : undefined}>
            {shown ? t("quickMessages.dialog.replaceFile") : t("quickMessages.dialog.pickFile")}
          </Button>
          {change.kind === "replace" ? (
            <Button variant="ghost" size="icon-sm" onClick={() => onChange({ kind: "keep" })} aria-label={t("quickMessages.dialog.undoFile")} title={t("quickMessages.dialog.undoFile")}>
              <Undo2 className="size-4" aria-hidden />
            </Button>
          ) : null}
          {change.kind === "keep" && current ? (
            <Button variant="ghost" size="icon-sm" onClick={() => onChange({ kind: "remove" })} aria-label={t("quickMessages.dialog.removeFile")} title={t("quickMessages.dialog.removeFile")} className="hover:text-danger">
              <Trash2 className="size-4" aria-hidden />
            </Button>
          ) : null}
          {change.kind === "remove" ? (
            <Button variant="ghost" size="icon-sm" onClick={() => onChange({ kind: "keep" })} aria-label={t("quickMessages.dialog.undoRemove")} title={t("quickMessages.dialog.undoRemove")}>
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
