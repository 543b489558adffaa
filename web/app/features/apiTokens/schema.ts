import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { createApiTokenInput } from "../../../../worker/contracts/publicApi/tokens";
import { apiScope } from "../../../../worker/contracts/publicApi/scopes";

/** The day an expiry is picked as ("2026-12-31"), read as the end of that day in the company's time zone. */
export function endOfDayIn(day: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!d) return null;
  const at = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), 23, 59, 59, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime());
}

/** The new-token form: the contract's name and scopes, and an optional day (the server checks the instant again). */
export function newApiTokenSchema(timeZone: string, now = () => Date.now()) {
  return z.object({
    name: createApiTokenInput.shape.name,
    scopes: z.array(apiScope, { error: "apiTokens.validation.scopes" }).min(1, "apiTokens.validation.scopes"),
    expiresOn: z
      .string()
      .optional()
      .refine((day) => {
        if (!day) return true;
        const at = endOfDayIn(day, timeZone);
        return at !== null && at.getTime() > now();
      }, "apiTokens.validation.future"),
  });
}
