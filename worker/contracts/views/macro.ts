import { z } from "zod";
import { MACRO_ACTION_TYPES, type MacroAction, type MacroVisibility } from "../automation/macros";
import type { TicketView } from "./ticket";

/** A macro (domain/macros/view.ts) as its viewer sees it: mediaPath is the API URL of its file, never its key. */
export type MacroView = {
  id: number;
  name: string;
  visibility: MacroVisibility;
  ownerId: number | null;
  actions: MacroAction[];
  mediaName: string | null;
  mediaPath: string | null;
  /** Whether the viewer may change or delete it (canEditMacro). */
  editable: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** What a macro did on the ticket: the actions it ran, in order, and the ticket after them (null once out of sight). */
export type MacroRunView = {
  macroId: number;
  ran: MacroAction["type"][];
  ticket: TicketView | null;
};

/**
 * The detail a refused run answers (`macroRun`) beside the refusal's own code: which step failed and what ran (and
 * stands) before it. Parsed by the page from the error's body.
 */
export const macroRunRefusal = z.object({
  macroId: z.number(),
  /** The refused step, counted from 0. */
  failedStep: z.number().int().min(0),
  failedType: z.enum(MACRO_ACTION_TYPES),
  ran: z.array(z.enum(MACRO_ACTION_TYPES)),
});
export type MacroRunRefusal = z.infer<typeof macroRunRefusal>;
