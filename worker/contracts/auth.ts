import { z } from "zod";

export const loginInput = z.object({
  email: z.string().trim().min(1, "Required").max(254).email("Invalid email"),
  password: z.string().min(1, "Required").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;
