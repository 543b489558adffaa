import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FileBox } from "../../components/form/FileField";
import { formatBytes, safeFileName } from "../../lib/files";
import { MAX_ATTACHMENT_BYTES } from "./rules";
import "./texts";

export type AttachmentChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

/**
 * The attachment control of a page that holds the change itself (the platform's logos): the
 * current file (openable), a new file to upload after saving, or its removal. A form on conform uses FileField
 * (components/form), whose look (FileBox) this shares.
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
    <FileBox
      look={{ id, label, hint, maxBytes, emptyText, pendingText, disabled }}
      error={error}
      shown={shown}
      removing={change.kind === "remove"}
      onPick={() => input.current?.click()}
      onUndoPick={change.kind === "replace" ? () => onChange({ kind: "keep" }) : undefined}
      onRemove={change.kind === "keep" && current ? () => onChange({ kind: "remove" }) : undefined}
      onUndoRemove={change.kind === "remove" ? () => onChange({ kind: "keep" }) : undefined}
    >
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
    </FileBox>
  );
}
