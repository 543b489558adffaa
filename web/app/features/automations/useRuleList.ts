import { useCallback } from "react";
import { useWholeList } from "../../components/list";
import { toastError } from "../../lib/errors";
import { listRules, reorderRules } from "./api";
import { moved } from "./order";
import type { RuleRow } from "./types";

const inOrder = (a: RuleRow, b: RuleRow) => a.position - b.position || a.id - b.id;

/**
 * The company's rules in the order they run (one answer: a company has tens), and `move`: the new order shows at
 * once and is saved; if the server refuses it (a rule made meanwhile elsewhere) the list is read again.
 */
export function useRuleList() {
  const list = useWholeList<RuleRow>(listRules, { sort: inOrder, quietFailure: true });
  const { items, patchAll, reload } = list;
  const move = useCallback(
    async (from: number, to: number) => {
      const ids = moved(items, from, to).map((rule) => rule.id);
      if (ids.every((id, i) => id === items[i]!.id)) return false;
      patchAll((rule) => ({ ...rule, position: ids.indexOf(rule.id) + 1 }));
      try {
        const saved = await reorderRules(ids);
        const byId = new Map(saved.map((rule) => [rule.id, rule]));
        patchAll((rule) => byId.get(rule.id) ?? rule);
        return true;
      } catch (err) {
        toastError(err);
        reload();
        return false;
      }
    },
    [items, patchAll, reload],
  );
  return { ...list, move };
}
