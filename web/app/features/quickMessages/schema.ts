import { z } from "zod";
import { NOT_TEXT, requiredOr } from "../../../../worker/contracts/fieldMessages";
import { createQuickMessageInput, MAX_QUICK_MESSAGE_MEDIA_BYTES, quickMessageShortcode } from "../../../../worker/contracts/quickMessages";
import { pickedFile, removeFile } from "../../components/form/FileField";

/**
 * The quick message form: the contract's fields (spec 002: shortcode required), the shortcode typed with or without
 * the slash the composer uses (stored without it), and its attachment.
 */
export function quickMessageFormSchema(lang: string) {
  return createQuickMessageInput.pick({ message: true, geral: true }).extend({
    shortcode: z
      .string({ error: requiredOr(NOT_TEXT) })
      .transform((v) => v.trim().replace(/^\/+/, ""))
      .pipe(quickMessageShortcode),
    media: pickedFile(MAX_QUICK_MESSAGE_MEDIA_BYTES, lang),
    removeMedia: removeFile,
  });
}
