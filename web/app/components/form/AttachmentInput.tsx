import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import { AttachmentField, type AttachmentChange } from "../../features/quickMessages/AttachmentField";

/**
 * The attachment control (AttachmentField) as two conform fields, so the form holds the change, not the component:
 * `file`, a file input carrying the picked file (z.file()), and `remove`, "on" while the current file is to be
 * removed (z.boolean()). `refuse` turns a pick down at once with its reason (a type WhatsApp cannot take); the
 * reason is a notice of this control, as AttachmentField's own size check is, since the file never enters the form.
 */
export function AttachmentInput({
  file,
  remove,
  current,
  refuse,
  formId,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's attachment fields
  file: FieldMetadata<File | undefined, any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's attachment fields
  remove: FieldMetadata<boolean | undefined, any, string[]>;
  current: { name: string; url: string | null } | null;
  refuse?: (file: File) => string | null;
  /** The form the inputs belong to when they sit outside it. */
  formId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const removal = useInputControl(remove);
  const [refused, setRefused] = useState<string | null>(null);
  const picked = file.value instanceof File && file.value.size > 0 ? file.value : null;
  const change: AttachmentChange = picked ? { kind: "replace", file: picked } : removal.value === "on" ? { kind: "remove" } : { kind: "keep" };

  /** Puts `next` in the file input (or empties it) and tells the form, as a pick in the input itself would. */
  const setFile = (next: File | null) => {
    const element = input.current;
    if (!element) return;
    const files = new DataTransfer();
    if (next) files.items.add(next);
    element.files = files.files;
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const onChange = (next: AttachmentChange) => {
    if (next.kind === "replace") {
      const reason = refuse?.(next.file) ?? null;
      setRefused(reason);
      if (reason) return;
    }
    setFile(next.kind === "replace" ? next.file : null);
    removal.change(next.kind === "remove" ? "on" : "");
  };

  return (
    <>
      <input ref={input} type="file" name={file.name} form={formId} className="hidden" tabIndex={-1} aria-hidden />
      <AttachmentField current={current} change={change} onChange={onChange} error={file.errors?.[0] ?? refused} onError={setRefused} />
    </>
  );
}
