import { z } from "zod";
import { REQUIRED, tooLongAt } from "../fieldMessages";
import { apiScope, type ApiScope } from "./scopes";

/** POST /api/api-tokens (an admin's; the UI's session, not a token). */
export const createApiTokenInput = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(80, tooLongAt(80)),
  scopes: z.array(apiScope).min(1, "Choose at least one scope").transform((s) => [...new Set(s)]),
  /** Optional expiry; must be in the future (checked by the verb against the clock). */
  expiresAt: z.iso.datetime({ offset: true, error: "Must be a date and time" }).transform((s) => new Date(s)).nullable().default(null),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** A token as the admin's list shows it: never the secret, only its first characters to recognise it. */
export type ApiTokenView = {
  id: number;
  name: string;
  /** "zdk_12_AbCd" — enough to tell tokens apart. */
  prefix: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdBy: { id: number; name: string } | null;
  createdAt: Date;
  revokedAt: Date | null;
};

/** The creation's answer: the one time the whole token is shown. */
export type CreatedApiToken = { token: string; apiToken: ApiTokenView };
