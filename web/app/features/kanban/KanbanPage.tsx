import { Link } from "@remix-run/react";
import { ArrowLeftRight, Layers, SquareKanban, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { PageHeader } from "../../components/layout/Page";
import { Button, buttonClasses } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { useSessionUser } from "../../lib/session-user";
import { MultiSelect } from "../tickets/list/MultiSelect";
import { KanbanBoard } from "./KanbanBoard";
import { LaneOrderDialog } from "./LaneOrderDialog";
import { useKanbanBoard } from "./useKanbanBoard";
import { useQueueFilter } from "./useQueueFilter";
import "./texts";

/** The time in lane is shown in minutes: a minute's tick keeps it true without re-rendering more often. */
const CLOCK_MS = 60_000;

/** /kanban: the tickets of the user's queues by lane, moved by drag and drop and kept live (spec 002, issue 13). */
export function KanbanPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queues = useQueueFilter(user);
  const board = useKanbanBoard(queues.selection, queues.ownQueues, queues.ready);
  const [orderOpen, setOrderOpen] = useState(false);
  const now = useClock(CLOCK_MS);
  const summary = queues.selection ? t("kanban.queues.some", { count: queues.selection.length }) : t("kanban.queues.all");

  return (
    <div className="flex h-full min-h-0 w-full flex-col gap-3 p-3 sm:p-5">
      <PageHeader
        title={
          <>
            <SquareKanban className="size-5 text-brand" aria-hidden />
            {t("kanban.title")}
          </>
        }
        count={board.status === "ready" ? board.count : undefined}
        actions={
          <>
            <MultiSelect
              label={t("kanban.queues.label")}
              summary={summary}
              icon={<Layers className="size-3.5 shrink-0 text-subtle" aria-hidden />}
              options={queues.options.map((q) => ({ id: q.id, label: q.name, color: q.color }))}
              isSelected={(id) => !queues.selection || queues.selection.includes(id)}
              onToggle={queues.toggle}
              onClear={queues.selection ? queues.clear : undefined}
              clearLabel={t("kanban.queues.all")}
              className="w-44"
            />
            {can(user, "kanban:orderLanes") ? (
              <Button variant="outline" size="sm" onClick={() => setOrderOpen(true)} disabled={board.lanes.length < 2}>
                <ArrowLeftRight className="size-4" aria-hidden />
                {t("kanban.order.button")}
              </Button>
            ) : null}
          </>
        }
      />
      {board.status === "loading" ? (
        <BoardSkeleton label={t("kanban.loading")} />
      ) : board.status === "error" ? (
        <EmptyState
          icon={TriangleAlert}
          title={t("kanban.failed")}
          action={
            <Button variant="outline" onClick={board.reload}>
              {t("kanban.retry")}
            </Button>
          }
        />
      ) : board.count === 0 && board.lanes.length === 0 ? (
        <EmptyState
          icon={SquareKanban}
          title={t("kanban.empty")}
          description={`${t("kanban.emptyHint")} ${t("kanban.noLanesHint")}`}
          action={
            <Link to="/tags" className={buttonClasses("outline")}>
              {t("kanban.goToTags")}
            </Link>
          }
        />
      ) : (
        <KanbanBoard lanes={board.lanes} byLane={board.byLane} now={now} onMove={board.move} pagingOf={board.pagingOf} onLoadMore={board.loadMore} />
      )}
      <LaneOrderDialog open={orderOpen} onOpenChange={setOrderOpen} lanes={board.lanes} />
    </div>
  );
}

function BoardSkeleton({ label }: { label: string }) {
  return (
    <div className="flex min-h-0 flex-1 gap-3 overflow-hidden" role="status" aria-label={label} aria-busy="true">
      {[0, 1, 2].map((lane) => (
        <div key={lane} className="flex w-[85vw] max-w-80 shrink-0 flex-col gap-2 rounded-2xl border border-line bg-surface-2 p-2 sm:w-80">
          <Skeleton className="h-6 w-1/2" />
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ))}
    </div>
  );
}

function useClock(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
