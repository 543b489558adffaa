import { z } from "zod";

/** How long a session's tokens live: the cookies that carry them (lib/cookies) expire with them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const loginInput = z.object({
  email: z.string().trim().min(1, "Required").max(254).email("Invalid email"),
  password: z.string().min(1, "Required").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;
