import type { Help } from "../../db/control";
import type { HelpView } from "../../contracts/views/help";

export type { HelpView };

/** A help video as the API answers it. */
export function helpView(help: Help): HelpView {
  return { id: help.id, title: help.title, description: help.description, video: help.video, createdAt: help.createdAt, updatedAt: help.updatedAt };
}
