import { allowedMediaTypes } from "../../../../worker/contracts/messages";
import { MAX_QUEUE_MEDIA_BYTES } from "../../../../worker/contracts/queues";
import { pickedFile } from "../../components/form/FileField";
import { safeFileName } from "../../lib/files";
import "./texts";

/** The name the attachment is uploaded under (the server stores it the same way: spaces as underscores). */
export const uploadName = (file: File) => safeFileName(file.name) || "file";

/**
 * A greeting's or an option's attachment as the form checks it: up to WhatsApp's 16 MB, and of a type WhatsApp can
 * take (the API refuses the others the same way), turned down when picked instead of failing after the save.
 */
export const queueMedia = (lang: string) =>
  pickedFile(MAX_QUEUE_MEDIA_BYTES, lang).refine((file) => !file || !!allowedMediaTypes[file.type.split(";")[0]!.trim().toLowerCase()], "queues.dialog.attachmentType");
