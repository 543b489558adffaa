import type { TFunction } from "i18next";
import { allowedMediaTypes } from "../../../../worker/contracts/messages";
import { safeFileName } from "../../lib/files";
import type { AttachmentChange } from "../quickMessages/AttachmentField";
import "./texts";

/** The name the attachment is uploaded under (the server stores it the same way: spaces as underscores). */
export const uploadName = (file: File) => safeFileName(file.name) || "file";

/**
 * Wraps an attachment field's onChange: a file WhatsApp cannot take (the API refuses it the same way) is turned
 * down at once instead of failing after the save.
 */
export function attachmentChangeChecker(t: TFunction, apply: (change: AttachmentChange) => void, setError: (message: string | null) => void) {
  return (change: AttachmentChange) => {
    if (change.kind === "replace") {
      const type = change.file.type.split(";")[0]!.trim().toLowerCase();
      if (!allowedMediaTypes[type]) {
        setError(t("queues.dialog.attachmentType"));
        return;
      }
    }
    apply(change);
  };
}
