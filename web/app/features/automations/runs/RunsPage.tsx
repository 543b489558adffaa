import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTOMATION_RUN_OUTCOMES, type AutomationRunOutcome } from "../../../../../worker/contracts/automation/rules";
import { Card, PageFrame } from "../../../components/layout/Page";
import { InfiniteScroller, ListFailed } from "../../../components/list";
import { Button } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { Select } from "../../../components/ui/Select";
import { Skeleton } from "../../../components/ui/Spinner";
import { toastError } from "../../../lib/errors";
import { useRouteId } from "../../../lib/routeIds";
import { listRules } from "../api";
import { describeTrigger } from "../describeRule";
import type { RuleRow } from "../types";
import { RunsTable } from "./RunsTable";
import { useRunList } from "./useRunList";
import "../texts";

const ALL = "all";

/** /automations/:id (admins): one rule's run log, newest first, filtered by outcome, paged by cursor. */
export function RunsPage() {
  const { t } = useTranslation();
  const id = useRouteId("id");
  const [outcome, setOutcome] = useState<AutomationRunOutcome | "">("");
  const list = useRunList(id, outcome);
  const rule = useRule(id);

  if (rule === "missing") {
    return (
      <PageFrame className="max-w-5xl">
        <BackLink />
        <EmptyState title={t("automations.runs.notFound")} />
      </PageFrame>
    );
  }
  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <div className="flex flex-col gap-3">
        <BackLink />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-semibold tracking-tight">{t("automations.runs.title")}</h1>
            {rule ? (
              <p className="min-w-0 break-words text-sm text-muted" data-testid="rule-name">
                <span className="font-medium text-fg">{rule.name}</span> · {describeTrigger(rule.trigger, t)}
              </p>
            ) : (
              <Skeleton className="mt-1 h-4 w-64" />
            )}
          </div>
          <Select
            aria-label={t("automations.runs.filter")}
            value={outcome || ALL}
            onValueChange={(value) => setOutcome(value === ALL ? "" : (value as AutomationRunOutcome))}
            options={[{ value: ALL, label: t("automations.runs.all") }, ...AUTOMATION_RUN_OUTCOMES.map((o) => ({ value: o, label: t(`automations.runs.outcomes.${o}`) }))]}
            className="w-full sm:w-52"
          />
        </div>
      </div>
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {list.failed && list.items.length === 0 ? (
          <ListFailed message={t("automations.runs.failed")} retryLabel={t("automations.runs.retry")} onRetry={list.reload} />
        ) : (
          <InfiniteScroller list={list}>
            <RunsTable rows={list.items} loaded={list.loaded} loadingMore={list.loading && list.page > 0} filtered={outcome !== ""} />
            {list.loaded && list.hasMore && !list.loading ? (
              <div className="flex justify-center border-t border-line p-3">
                <Button variant="outline" onClick={list.loadMore}>
                  {t("automations.runs.loadMore")}
                </Button>
              </div>
            ) : null}
          </InfiniteScroller>
        )}
      </Card>
    </PageFrame>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/automations" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted hover:text-fg">
      <ArrowLeft className="size-4" aria-hidden />
      {t("automations.runs.back")}
    </Link>
  );
}

/** The rule the log is of (from the company's list: tens at most), or "missing". */
function useRule(id: number): RuleRow | "missing" | null {
  const [rule, setRule] = useState<RuleRow | "missing" | null>(null);
  useEffect(() => {
    let live = true;
    listRules()
      .then((all) => live && setRule(all.find((r) => r.id === id) ?? "missing"))
      .catch(toastError);
    return () => {
      live = false;
    };
  }, [id]);
  return rule;
}
