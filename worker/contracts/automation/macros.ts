import { z } from "zod";
import { NOT_TEXT, REQUIRED, TOO_LONG } from "../fieldMessages";
import { patchOf } from "../patch";
import { automationAction, type AutomationAction } from "./actions";

/**
 * Macros (issue 26 §3): a named list of actions an agent runs on the open ticket, from the chat's menu or the
 * command bar, as that agent (their permissions hold). The subset of the automation actions an agent could do by
 * hand; a macro's file goes with its first sendMessage (uploaded apart, like a quick message's).
 */
export const MACRO_ACTION_TYPES = ["sendMessage", "addTags", "removeTags", "assignQueue", "addNote", "setPriority", "close"] as const;
export type MacroActionType = (typeof MACRO_ACTION_TYPES)[number];
export type MacroAction = Extract<AutomationAction, { type: MacroActionType }>;

export const macroAction = automationAction.refine(
  (a): a is MacroAction => (MACRO_ACTION_TYPES as readonly string[]).includes(a.type),
  { message: `A macro's action is one of: ${MACRO_ACTION_TYPES.join(", ")}` },
) as unknown as z.ZodType<MacroAction, MacroAction>;

export const MACRO_VISIBILITIES = ["company", "personal"] as const;
export type MacroVisibility = (typeof MACRO_VISIBILITIES)[number];

const macroName = z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) }).trim().min(1, REQUIRED).max(100, TOO_LONG);
const macroActions = z.array(macroAction, { error: "Must be a list of actions" }).min(1, "At least one action").max(10, "At most 10 actions");

export const createMacroInput = z.object({
  name: macroName,
  /** `company`: every agent sees and runs it (admins and supervisors make these); `personal`: only its owner. */
  visibility: z.enum(MACRO_VISIBILITIES).default("personal"),
  actions: macroActions,
});
export type CreateMacroInput = z.infer<typeof createMacroInput>;

export const updateMacroInput = patchOf({
  name: macroName.optional(),
  visibility: z.enum(MACRO_VISIBILITIES).optional(),
  actions: macroActions.optional(),
});
export type UpdateMacroInput = z.infer<typeof updateMacroInput>;
