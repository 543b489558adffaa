import type { TFunction } from "i18next";
import { allowedMediaTypes } from "../../../../worker/contracts/messages";
import { safeFileName } from "../../lib/files";
import "./texts";

/** The name the attachment is uploaded under (the server stores it the same way: spaces as underscores). */
export const uploadName = (file: File) => safeFileName(file.name) || "file";

/**
 * Why a picked attachment is turned down, or null: a file WhatsApp cannot take (the API refuses it the same way) is
 * refused at once instead of failing after the save.
 */
export const refusedMedia = (t: TFunction) => (file: File) => {
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  return allowedMediaTypes[type] ? null : t("queues.dialog.attachmentType");
};
