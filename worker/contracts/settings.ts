import { z } from "zod";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";

/** PUT /api/settings/:key. The value is checked against the catalogue entry of the key (settings/catalogue.ts). */
export const updateSettingInput = z.object({
  value: z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) }).max(500, TOO_LONG),
});
export type UpdateSettingInput = z.infer<typeof updateSettingInput>;
