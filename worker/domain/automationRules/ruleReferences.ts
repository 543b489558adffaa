import { and, eq, inArray } from "drizzle-orm";
import type { AutomationAction } from "../../contracts/automation/actions";
import type { AutomationCondition } from "../../contracts/automation/rules";
import { INVALID_PATTERN, UNKNOWN_REFERENCE, UNSAFE_PATTERN } from "../../contracts/automation/ruleChecks";
import { unsafePattern } from "../../contracts/automation/unsafePattern";
import { queues, tags, users, whatsapps, whatsappTemplates } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { fieldError } from "../errors";

type Kind = "queue" | "connection" | "tag" | "user" | "template";
/** An id the body names, and the field path the answer names when it is not the company's. */
type Reference = { kind: Kind; id: number; path: string };

/**
 * What zod cannot see in a rule's conditions and actions: every queue, connection, tag, user and template they name
 * is the company's, and a `matches` pattern compiles and is safe to run on every message. A 400 naming each bad field
 * (`actions.1.queueId`), before anything is written.
 */
export function assertRuleParts(ctx: AnyCtx, parts: { conditions?: AutomationCondition[]; actions?: AutomationAction[] }) {
  const fields: Record<string, string> = {};
  const references: Reference[] = [];
  parts.conditions?.forEach((condition, i) => {
    const path = `conditions.${i}`;
    if (condition.field === "queue") references.push(...condition.queueIds.map((id) => ({ kind: "queue" as const, id, path: `${path}.queueIds` })));
    if (condition.field === "connection") references.push(...condition.whatsappIds.map((id) => ({ kind: "connection" as const, id, path: `${path}.whatsappIds` })));
    if (condition.field === "tag") references.push({ kind: "tag", id: condition.tagId, path: `${path}.tagId` });
    if (condition.field === "messageText" && condition.op === "matches") {
      const problem = patternProblem(condition.value);
      if (problem) fields[`${path}.value`] = problem;
    }
  });
  parts.actions?.forEach((action, i) => {
    const path = `actions.${i}`;
    if (action.type === "assignAgent") references.push({ kind: "user", id: action.userId, path: `${path}.userId` });
    if (action.type === "assignQueue") references.push({ kind: "queue", id: action.queueId, path: `${path}.queueId` });
    if (action.type === "addTags" || action.type === "removeTags") references.push(...action.tagIds.map((id) => ({ kind: "tag" as const, id, path: `${path}.tagIds` })));
    if (action.type === "sendTemplate") references.push({ kind: "template", id: action.templateId, path: `${path}.templateId` });
  });
  const own = ownIds(ctx, references);
  for (const reference of references) {
    if (!own.get(reference.kind)!.has(reference.id)) fields[reference.path] ??= UNKNOWN_REFERENCE;
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields);
}

function patternProblem(source: string): string | null {
  const reason = unsafePattern(source);
  return reason === null ? null : reason === "invalid" ? INVALID_PATTERN : UNSAFE_PATTERN;
}

/** Which of the ids the body names are the company's, by kind: one query per kind named. */
function ownIds(ctx: AnyCtx, references: Reference[]): Map<Kind, Set<number>> {
  const named = new Map<Kind, Set<number>>();
  for (const { kind, id } of references) named.set(kind, (named.get(kind) ?? new Set()).add(id));
  const own = new Map<Kind, Set<number>>();
  for (const [kind, ids] of named) own.set(kind, new Set(selectOwn(ctx, kind, [...ids]).map((row) => row.id)));
  return own;
}

function selectOwn(ctx: AnyCtx, kind: Kind, ids: number[]): { id: number }[] {
  const table = { queue: queues, connection: whatsapps, tag: tags, user: users, template: whatsappTemplates }[kind];
  return ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, ctx.companyId), inArray(table.id, ids)))
    .all();
}
