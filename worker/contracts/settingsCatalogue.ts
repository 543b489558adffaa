import { z } from "zod";
import { AUDIT_RETENTION_CHOICES, DEFAULT_AUDIT_RETENTION_DAYS } from "./audit";
import { CONTACT_LANGUAGES } from "./contactTexts/languages";

/**
 * Every setting key, who sets it, its allowed values and its default. Company keys are set by a company
 * admin on the Opções tab; platform keys by a super user and are stored on the platform (super admin's)
 * company. The UI renders the Opções tab from this table, so a key added here shows up there.
 */
const toggle = z.enum(["enabled", "disabled"]);

/** The retention choices (days), "off" first: the default keeps every conversation. */
export const RETENTION_DAYS = ["off", "30", "90", "180", "365", "730", "1825", "3650"] as const;

export const companySettings = {
  userRating: { schema: toggle, default: "disabled" },
  /** The rating prompt of connections that have none of their own; empty: the language's own text. */
  ratingMessage: { schema: z.string().max(500), default: "" },
  scheduleType: { schema: z.enum(["disabled", "queue", "company"]), default: "disabled" },
  call: { schema: toggle, default: "enabled" },
  CheckMsgIsGroup: { schema: toggle, default: "enabled" },
  sendGreetingAccepted: { schema: toggle, default: "disabled" },
  sendMsgTransfTicket: { schema: toggle, default: "disabled" },
  sendGreetingMessageOneQueues: { schema: toggle, default: "enabled" },
  viewclosed: { schema: toggle, default: "disabled" },
  viewgroups: { schema: toggle, default: "disabled" },
  chatBotType: { schema: z.enum(["text"]), default: "text" },
  /** The language of what the product says to contacts (menus, rating, notices): contactTexts/. */
  language: { schema: z.enum(CONTACT_LANGUAGES), default: "pt-BR" },
  /** A schedule whose time passed while the system was down: sent on recovery, or marked ERRO (missed). */
  scheduleMissed: { schema: z.enum(["send", "mark"]), default: "send" },
  /** Two-factor sign-in (issue 28): every user of the company must use it; one who has not enrolled may only enrol. */
  requireTwoFactor: { schema: toggle, default: "disabled" },
  /**
   * How many days closed conversations keep their messages and media (issue 28); "off": for ever. Older ones are
   * anonymised by the hub's due work (domain/privacy/applyRetention), their statistics kept.
   */
  retentionDays: { schema: z.enum(RETENTION_DAYS), default: "off" },
  /** How many days the audit log keeps an entry (issue 28): removed afterwards by the hub's due work. */
  auditRetentionDays: { schema: z.enum(AUDIT_RETENTION_CHOICES), default: DEFAULT_AUDIT_RETENTION_DAYS },
} as const;

export const platformSettings = {
  allowregister: { schema: toggle, default: "disabled" },
  viewregister: { schema: toggle, default: "disabled" },
  trial: { schema: z.enum(["1", "2", "3", "4", "5", "6", "7"]), default: "3" },
  ipixc: { schema: z.string().max(500), default: "" },
  tokenixc: { schema: z.string().max(500), default: "" },
  ipmkauth: { schema: z.string().max(500), default: "" },
  clientidmkauth: { schema: z.string().max(500), default: "" },
  clientsecretmkauth: { schema: z.string().max(500), default: "" },
  asaas: { schema: z.string().max(500), default: "" },
  /** The PSP of the standard Pix API (ADR 0026): base URL, OAuth2 client, the receiver's key; empty: static BR Code. */
  pixApiUrl: { schema: z.union([z.literal(""), z.url().max(500)]), default: "" },
  pixClientId: { schema: z.string().max(500), default: "" },
  pixClientSecret: { schema: z.string().max(500), default: "" },
  pixKey: { schema: z.string().max(77), default: "" },
  pixMerchantName: { schema: z.string().max(25), default: "" },
  pixMerchantCity: { schema: z.string().max(15), default: "" },
} as const;

/**
 * Platform keys that hold secrets: write-only. Reads (GET /settings, the `settings` event) answer SECRET_MASK when one
 * is saved and "" when none is; a PUT of SECRET_MASK keeps the saved secret (a form sent back unchanged).
 */
export const secretPlatformKeys: readonly PlatformSettingKey[] = ["pixClientSecret", "clientsecretmkauth", "tokenixc", "asaas"];
export const SECRET_MASK = "********";

export function isSecretKey(key: string): boolean {
  return (secretPlatformKeys as readonly string[]).includes(key);
}

/** What a reader is shown of a saved value. */
export function shownValue(key: string, value: string): string {
  return isSecretKey(key) && value !== "" ? SECRET_MASK : value;
}

/** Platform keys anyone may read (login and signup pages read them before anyone logs in). */
export const publicPlatformKeys = ["allowregister", "viewregister", "trial"] as const;

export type CompanySettingKey = keyof typeof companySettings;
export type PlatformSettingKey = keyof typeof platformSettings;
export type SettingKey = CompanySettingKey | PlatformSettingKey;

export function isCompanySettingKey(key: string): key is CompanySettingKey {
  return Object.hasOwn(companySettings, key);
}
export function isPlatformSettingKey(key: string): key is PlatformSettingKey {
  return Object.hasOwn(platformSettings, key);
}

/** The company's settings with defaults filled in for keys never saved. */
export function withCompanyDefaults(rows: { key: string; value: string }[]): { key: string; value: string }[] {
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  return (Object.keys(companySettings) as CompanySettingKey[]).map((key) => ({
    key,
    value: saved.get(key) ?? companySettings[key].default,
  }));
}
