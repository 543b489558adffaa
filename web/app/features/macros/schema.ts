import { createMacroInput } from "../../../../worker/contracts/automation/macros";
import { MAX_MEDIA_BYTES } from "../../../../worker/contracts/messages";
import { pickedFile, removeFile } from "../../components/form/FileField";

/** The macro form: the contract's fields (name, visibility, the macro's actions) and its file. */
export function macroFormSchema(lang: string) {
  return createMacroInput.extend({ media: pickedFile(MAX_MEDIA_BYTES, lang), removeMedia: removeFile });
}
