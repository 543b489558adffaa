import { z } from "zod";

/**
 * A contact's data under the LGPD (issue 28): the company is the controller, ZapDesk its operator. An admin or a
 * supervisor exports everything about a contact, or erases their personal data; statistics stay.
 */

/** What an erased contact is called from then on (the row stays, so the dashboard's counts do not change). */
export const ERASED_CONTACT_NAME = "Contato apagado";
/** Typed to confirm an erasure when the contact's name is awkward to type (the name itself is accepted too). */
export const ERASE_CONFIRM_WORD = "APAGAR";

/** POST /api/contacts/:id/erase: the confirmation typed in the dialog. */
export const eraseContactInput = z.object({ confirm: z.string().trim().min(1).max(200) });
export type EraseContactInput = z.infer<typeof eraseContactInput>;

/** The erasure's answer, once every slice has run. */
export interface ContactErasureView {
  contactId: number;
  tickets: number;
  messages: number;
  files: number;
}

/** True when `typed` confirms erasing a contact called `name`: the name (any case and spacing) or ERASE_CONFIRM_WORD. */
export function confirmsErasure(typed: string, name: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR");
  return norm(typed) === norm(ERASE_CONFIRM_WORD) || (norm(name) !== "" && norm(typed) === norm(name));
}
