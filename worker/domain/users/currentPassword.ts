import { verifyPassword } from "../../lib/crypto";
import { AppError, fieldError } from "../errors";

/**
 * Changing one's own password takes the current one: whoever sits at an unlocked screen, or holds a stolen
 * session, must not be able to lock the owner out of the account. (An admin resetting another user's password is
 * not asked: they cannot know it.) Missing is 400 naming the field; wrong is 400 ERR_WRONG_CURRENT_PASSWORD, not
 * 401 or 403, which the client takes for an ended session.
 */
export async function assertCurrentPassword(storedHash: string, given: string | undefined) {
  if (given === undefined || given === "") throw fieldError({ currentPassword: "Required" });
  if (!(await verifyPassword(given, storedHash))) throw new AppError("ERR_WRONG_CURRENT_PASSWORD");
}
