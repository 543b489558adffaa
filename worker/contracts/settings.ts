import { z } from "zod";

/** PUT /api/settings/:key. The value is checked against the catalogue entry of the key (settings/catalogue.ts). */
export const updateSettingInput = z.object({
  value: z.string({ error: (iss) => (iss.input === undefined ? "Required" : "Must be text") }).max(500, "Too Long!"),
});
export type UpdateSettingInput = z.infer<typeof updateSettingInput>;
