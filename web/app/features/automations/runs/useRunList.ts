import { useMemo } from "react";
import type { AutomationRunOutcome } from "../../../../../worker/contracts/automation/rules";
import { cursorPaged, usePagedList } from "../../../components/list";
import { listRuns } from "../api";
import type { RunRow } from "../types";

/** A rule's run log, newest first, paged by the API's cursor and filtered by outcome (the list's key). */
export function useRunList(ruleId: number, outcome: AutomationRunOutcome | "") {
  const fetchPage = useMemo(
    () => cursorPaged<RunRow>(({ searchParam, cursor }) => listRuns({ ruleId, outcome: searchParam as AutomationRunOutcome | "", cursor })),
    [ruleId],
  );
  return usePagedList<RunRow>(outcome, fetchPage, { quietFailure: true });
}
