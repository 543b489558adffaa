/**
 * A WhatsApp user's business-scoped user id (BSUID, Cloud API): a country code, a dot and up to 128 letters and
 * digits ("BR.1502576394655843"; a parent id has "ENT." after the dot). A user with a username may arrive with it
 * and no phone number; the product then files and answers them by it (ADR 0050). Without zod: the inbox's first
 * load shows numbers with it (web/app/lib/phone.ts) and carries no schema library.
 */
export const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

export const isBusinessScopedUserId = (value: string | null | undefined): boolean => !!value && BSUID.test(value);
