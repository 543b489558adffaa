import { z } from "zod";
import { platformIdText } from "../../../../worker/contracts/ids";
import { REQUIRED } from "../../../../worker/contracts/fieldMessages";
import { emailField, LANGUAGES, openTicketsCapacity, passwordField, personName, USER_PROFILES } from "../../../../worker/contracts/users";

/** The "no default connection" choice of the connection select (Radix items cannot have an empty value). */
export const NO_CONNECTION = "none";

/**
 * Users changing their own password give the current one too (the server refuses it otherwise): asked here
 * as soon as a new password is typed.
 */
function currentPasswordWithNew(value: { password?: string; currentPassword?: string }, ctx: z.RefinementCtx) {
  if (value.password && !value.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: REQUIRED });
}

/**
 * The user form: the API's rules (worker/contracts/users: name, email, the one password rule); the form's own
 * parts are the selects' texts (queue and connection ids, "none") and the switch. `self`: the actor edits their own
 * user, so a new password takes the current one.
 */
export function userFormSchema(mode: "create" | "edit", self = false) {
  const schema = z.object({
    name: personName,
    email: emailField,
    password: mode === "create" ? passwordField : passwordField.optional(),
    // Present only when the acting user may edit them (the dialog leaves the inputs out otherwise).
    profile: z.enum(USER_PROFILES).optional(),
    queueIds: z.array(platformIdText()).default([]),
    whatsappId: z.preprocess((v) => (v === NO_CONNECTION ? undefined : v), platformIdText().optional()),
    allTicket: z.boolean().optional(),
    currentPassword: z.string().optional(),
    // Blank: no limit (automatic assignment, issue 26).
    maxOpenTickets: openTicketsCapacity.optional(),
  });
  return self ? schema.superRefine(currentPasswordWithNew) : schema;
}

/** The profile dialog (any user, about themself): name, email, optional new password (with the current one), language. */
export const profileFormSchema = z
  .object({
    name: personName,
    email: emailField,
    password: passwordField.optional(),
    currentPassword: z.string().optional(),
    language: z.enum(LANGUAGES),
  })
  .superRefine(currentPasswordWithNew);
