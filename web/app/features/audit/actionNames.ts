import type { TFunction } from "i18next";
import { AUDIT_ACTIONS, type AuditAction } from "../../../../worker/contracts/audit";

/** The area of a code (`user` of `user.created`). */
export type AuditArea = AuditAction extends `${infer Area}.${string}` ? Area : never;
type VerbsOf<Area extends string> = AuditAction extends infer A ? (A extends `${Area}.${infer Verb}` ? Verb : never) : never;

/**
 * The readable names of every action code, nested by area (`actions.user.created`): typed from AUDIT_ACTIONS, so a
 * code appended there fails the typecheck until each language names it.
 */
export type AuditActionTexts = { [Area in AuditArea]: { [Verb in VerbsOf<Area>]: string } };
export type AuditAreaTexts = { [Area in AuditArea]: string };

export interface ActionGroup {
  area: AuditArea;
  actions: AuditAction[];
}

/** The codes grouped by area, in the catalogue's order (the "what" filter's groups). */
export function actionGroups(actions: readonly AuditAction[] = AUDIT_ACTIONS): ActionGroup[] {
  const groups: ActionGroup[] = [];
  for (const action of actions) {
    const area = areaOf(action);
    const group = groups.find((g) => g.area === area);
    if (group) group.actions.push(action);
    else groups.push({ area, actions: [action] });
  }
  return groups;
}

export function areaOf(action: AuditAction): AuditArea {
  return action.split(".")[0] as AuditArea;
}

/** "Usuário criado": an action's name in the reader's language (the code itself for one the texts do not know). */
export function actionName(action: string, t: TFunction): string {
  const [area, verb] = action.split(".");
  return t(`audit.actions.${area}.${verb}`, { defaultValue: action });
}

/** The "what" filter's value as the API takes it: a code, an area prefix (`user.`), or nothing. */
export function filterLabel(value: string, t: TFunction): string {
  if (value.endsWith(".")) return t("audit.filters.allOfArea", { area: t(`audit.areas.${value.slice(0, -1)}`) });
  return actionName(value, t);
}
