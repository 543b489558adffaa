import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { pagedSearchQuery } from "./paging";
import { personName } from "./users";
import { consentFilter } from "./consent";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG, INVALID_EMAIL } from "./fieldMessages";

const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD");
const id = platformId();

/** GET /contacts: the contacts page. Dates are days in the company's time zone, over the last interaction. */
export const listContactsQuery = pagedSearchQuery.extend({
  /** Contacts whose last interaction was on this day. */
  date: dateParam.optional(),
  /** From this day on (inclusive). */
  dateStart: dateParam.optional(),
  /** Up to this day (inclusive). */
  dateEnd: dateParam.optional(),
  /** Contacts whose marketing consent is in this state (unknown, granted, revoked). */
  consent: consentFilter.optional(),
});
export type ListContactsQuery = z.infer<typeof listContactsQuery>;

/**
 * GET /contacts/export.csv: the contacts the page's search shows (searchParam as in GET /contacts, no paging), with
 * the column headers in the page's language (lang; pt-BR when not given).
 */
export const exportContactsQuery = z.object({
  searchParam: z.string().trim().max(200, TOO_LONG).default(""),
  lang: z.enum(["pt-BR", "en", "es"], { error: "Must be pt-BR, en or es" }).default("pt-BR"),
});
export type ExportContactsQuery = z.infer<typeof exportContactsQuery>;

/** GET /contacts/list: id, name and number for pickers (new ticket, schedules), at most this many. */
export const CONTACT_PICKER_LIMIT = 50;
export const contactPickerQuery = z.object({
  searchParam: z.string().trim().max(200, TOO_LONG).default(""),
});
export type ContactPickerQuery = z.infer<typeof contactPickerQuery>;

/** As typed: 8 to 50 characters with at least 8 digits; the domain normalises it (domain/contacts/phoneNumber). */
export const contactNumber = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(8, TOO_SHORT)
  .max(50, TOO_LONG)
  .refine((v) => v.replace(/\D/g, "").length >= 8, TOO_SHORT);

/** Empty, or a valid address (stored lower-case). */
export const contactEmail = z
  .string({ error: NOT_TEXT })
  .trim()
  .toLowerCase()
  .max(254, TOO_LONG)
  .pipe(z.union([z.literal(""), z.email(INVALID_EMAIL)], { error: INVALID_EMAIL }));

export const MAX_EXTRA_INFO = 50;
const extraInfoItem = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, TOO_LONG),
  value: z.string({ error: NOT_TEXT }).max(1000, TOO_LONG).default(""),
});

export const createContactInput = z.object({
  name: personName,
  number: contactNumber,
  email: contactEmail.default(""),
  disableBot: z.boolean({ error: "Must be true or false" }).default(false),
  /** Name/value pairs; ids sent back by the edit form are ignored (the list is replaced as a set). */
  extraInfo: z.array(extraInfoItem, { error: "Must be a list" }).max(MAX_EXTRA_INFO, `At most ${MAX_EXTRA_INFO}`).default([]),
});
export type CreateContactInput = z.infer<typeof createContactInput>;

/** PUT: any subset of the form; extraInfo, when given, replaces the contact's list. */
export const updateContactInput = patchOf({
  name: personName.optional(),
  number: contactNumber.optional(),
  email: contactEmail.optional(),
  disableBot: z.boolean({ error: "Must be true or false" }).optional(),
  extraInfo: z.array(extraInfoItem, { error: "Must be a list" }).max(MAX_EXTRA_INFO, `At most ${MAX_EXTRA_INFO}`).optional(),
});
export type UpdateContactInput = z.infer<typeof updateContactInput>;

export const MAX_BULK_DELETE = 500;
export const bulkDeleteContactsInput = z.object({
  ids: z
    .array(id, { error: "Must be a list of ids" })
    .min(1, REQUIRED)
    .max(MAX_BULK_DELETE, `At most ${MAX_BULK_DELETE}`),
});
export type BulkDeleteContactsInput = z.infer<typeof bulkDeleteContactsInput>;

/** Imports: at most this many rows, and spreadsheets up to this size. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024;

/**
 * One row as read from a sheet. Cells are taken loosely (the page may post what it parsed from an .xls as is):
 * numbers become text, and every row is judged by importContacts, which reports the bad ones instead of
 * refusing the import.
 */
const cell = z
  .union([z.string(), z.number(), z.null()], { error: NOT_TEXT })
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v)));
export const importRow = z.object({
  name: cell,
  number: cell,
  email: cell,
  /** Marketing consent, yes or no (sheetConsent); empty or anything else records nothing. */
  consent: cell,
  /** The row's number in the sheet the page read, echoed in the report; by default its position here, from 1. */
  row: z.number({ error: "Must be a row number" }).int("Must be a row number").positive("Must be a row number").optional(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importContactsInput = z.object({
  rows: z.array(importRow, { error: "Must be a list of rows" }).max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} rows`),
});
export type ImportContactsInput = z.infer<typeof importContactsInput>;

/** POST /contacts/import-phone: the connection whose phone's address book to import (default: the user's or the company's). */
export const importFromPhoneInput = z.object({ whatsappId: platformId().optional() });

/** Why importContacts left a row out. */
export const IMPORT_SKIP_REASONS = ["invalid_number", "invalid_name", "invalid_email", "duplicated_in_file", "already_exists"] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
