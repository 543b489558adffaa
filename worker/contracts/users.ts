import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { meetsPasswordRule, PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGE } from "./passwordRule";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG, INVALID_EMAIL } from "./fieldMessages";

export const USER_PROFILES = ["admin", "supervisor", "user"] as const;
/** allTicket: "enabled" lets an agent see pending tickets outside its queues in notifications. */
export const ALL_TICKET_VALUES = ["enabled", "disabled"] as const;

const requiredString = () => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) });

/** Person names (users, the signup and company user forms): 2 to 50 characters. */
export const personName = requiredString().trim().min(1, REQUIRED).min(2, TOO_SHORT).max(50, TOO_LONG);
export const emailField = requiredString()
  .trim()
  .toLowerCase()
  .min(1, REQUIRED)
  .max(254, TOO_LONG)
  .pipe(z.email(INVALID_EMAIL));
/** A password being set: the one rule (contracts/passwordRule). */
export const passwordField = requiredString()
  .min(1, REQUIRED)
  .max(PASSWORD_MAX_LENGTH, TOO_LONG)
  .refine(meetsPasswordRule, PASSWORD_RULE_MESSAGE);

export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export const languageField = z.enum(LANGUAGES, { error: "Must be pt-BR, en or es" }).nullable();

const id = platformId();

/** The most open tickets automatic assignment gives an agent (issue 26); null, no limit. */
export const MAX_OPEN_TICKETS_LIMIT = 500;
export const openTicketsCapacity = z
  .number({ error: "Must be a whole number" })
  .int("Must be a whole number")
  .min(1, "Must be 1 or more")
  .max(MAX_OPEN_TICKETS_LIMIT, `At most ${MAX_OPEN_TICKETS_LIMIT}`);
const maxOpenTickets = openTicketsCapacity.nullable();

const profileField = z.enum(USER_PROFILES, { error: "Must be admin, supervisor or user" });
const allTicketField = z.enum(ALL_TICKET_VALUES, { error: "Must be enabled or disabled" });

export const createUserInput = z.object({
  name: personName,
  email: emailField,
  password: passwordField,
  profile: profileField.default("user"),
  super: z.boolean({ error: "Must be true or false" }).default(false),
  allTicket: allTicketField.default("disabled"),
  queueIds: z.array(id, { error: "Must be a list of ids" }).max(500).default([]),
  whatsappId: id.nullable().default(null),
  language: languageField.default(null),
  maxOpenTickets: maxOpenTickets.default(null),
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** PUT: any subset. What a user may change depends on who they are (see updateUser). */
export const updateUserInput = patchOf({
  name: personName.optional(),
  email: emailField.optional(),
  password: passwordField.optional(),
  /** Required with `password` when users change their own (see updateUser); any length, as it was once set. */
  currentPassword: z.string({ error: NOT_TEXT }).max(1000, TOO_LONG).optional(),
  language: languageField.optional(),
  profile: profileField.optional(),
  super: z.boolean({ error: "Must be true or false" }).optional(),
  allTicket: allTicketField.optional(),
  queueIds: z.array(id, { error: "Must be a list of ids" }).max(500).optional(),
  whatsappId: id.nullable().optional(),
  maxOpenTickets: maxOpenTickets.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** PUT /api/users/me/assignment: an agent pauses (or resumes) receiving tickets automatically. */
export const assignmentPauseInput = z.object({ paused: z.boolean({ error: "Must be true or false" }) });
export type AssignmentPauseInput = z.infer<typeof assignmentPauseInput>;

// The paged-list query moved to contracts/paging (shared by every list); re-exported for existing importers.
export { PAGE_SIZE, pagedSearchQuery, type PagedSearchQuery } from "./paging";
