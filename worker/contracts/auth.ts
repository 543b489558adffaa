import { z } from "zod";
import { REQUIRED, INVALID_EMAIL } from "./fieldMessages";

/** How long a session's tokens live: the cookies that carry them (lib/cookies) expire with them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const loginInput = z.object({
  email: z.string().trim().min(1, REQUIRED).max(254).email(INVALID_EMAIL),
  password: z.string().min(1, REQUIRED).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;
