import type { Help } from "../../db/control";

/** A help video as the API answers it. */
export function helpView(help: Help) {
  return { id: help.id, title: help.title, description: help.description, video: help.video, createdAt: help.createdAt, updatedAt: help.updatedAt };
}
export type HelpView = ReturnType<typeof helpView>;
