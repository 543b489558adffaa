import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { AssignmentPauseInput } from "../../../../worker/contracts/users";
import { api } from "../../lib/api";
import { toastError } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { UserRow } from "./types";

export function setAssignmentPause(input: AssignmentPauseInput) {
  return api<UserRow>("/users/me/assignment", { method: "PUT", body: input });
}

/**
 * The agent's "receive tickets automatically" (issue 26): shown at once as asked, put back if the server refuses,
 * and the shell's session read again so every page agrees.
 */
export function useAssignmentPause(user: SessionUser) {
  const [paused, setPaused] = useState(user.assignmentPaused);
  const [saving, setSaving] = useState(false);
  const revalidator = useRevalidator();
  useEffect(() => setPaused(user.assignmentPaused), [user.assignmentPaused]);
  const receive = async (on: boolean) => {
    setPaused(!on);
    setSaving(true);
    try {
      await setAssignmentPause({ paused: !on });
      revalidator.revalidate();
    } catch (err) {
      setPaused(on);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return { receiving: !paused, saving, receive };
}
