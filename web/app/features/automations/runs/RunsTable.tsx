import { Link } from "@remix-run/react";
import { ScrollText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, type Column } from "../../../components/list";
import { Skeleton } from "../../../components/ui/Spinner";
import { useCompanyTime } from "../../../lib/useCompanyTime";
import type { RunRow } from "../types";
import { describeRunDetail } from "./describeRunDetail";
import { OutcomeChip } from "./OutcomeChip";
import "../../automationActions/texts";
import "../texts";

/** The run log's rows: when, which ticket (a link to it), the outcome, and what the run did or why it did not. */
export function RunsTable({ rows, loaded, loadingMore, filtered }: { rows: RunRow[]; loaded: boolean; loadingMore: boolean; filtered: boolean }) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const columns: Column<RunRow>[] = [
    {
      header: t("automations.runs.columns.when"),
      className: "w-40 whitespace-nowrap",
      cellClassName: "text-muted tabular-nums",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (run) => when.dateTime(run.createdAt),
    },
    {
      header: t("automations.runs.columns.ticket"),
      className: "hidden w-48 md:table-cell",
      skeleton: <Skeleton className="h-4 w-32" />,
      cell: (run) => <TicketLink run={run} />,
    },
    {
      header: t("automations.runs.columns.outcome"),
      className: "hidden w-36 sm:table-cell",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (run) => <OutcomeChip outcome={run.outcome} />,
    },
    {
      header: t("automations.runs.columns.detail"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-56" />,
      cell: (run) => (
        <div className="min-w-0">
          {/* On phones the ticket and the outcome fold over the detail. */}
          <div className="mb-1 flex flex-wrap items-center gap-2 sm:hidden">
            <OutcomeChip outcome={run.outcome} />
          </div>
          <div className="mb-1 md:hidden">
            <TicketLink run={run} />
          </div>
          <ul className="flex flex-col gap-0.5 text-sm" data-testid="run-detail">
            {run.detail.map((item, i) => (
              <li key={i} className="break-words">
                {describeRunDetail(item, t)}
              </li>
            ))}
          </ul>
        </div>
      ),
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={5}
      rowProps={(run) => ({ "data-testid": "run-row", "data-outcome": run.outcome })}
      empty={{ icon: ScrollText, title: t(filtered ? "automations.runs.emptyFiltered" : "automations.runs.empty"), description: t("automations.runs.emptyHint") }}
    />
  );
}

function TicketLink({ run }: { run: RunRow }) {
  const { t } = useTranslation();
  if (!run.ticket) return <span className="text-sm text-muted">{t("automations.runs.ticketGone")}</span>;
  return (
    <Link to={`/tickets/${run.ticket.uuid}`} className="block truncate text-sm font-medium hover:underline" title={run.ticket.contactName}>
      {run.ticket.contactName || `#${run.ticket.id}`}
    </Link>
  );
}
