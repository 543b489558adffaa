import { Building2, Paperclip, User, WandSparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
import { describeActions } from "../automationActions/describeAction";
import type { ActionLookups } from "../automationActions/lookups";
import type { MacroRow } from "./types";
import "./texts";

/** Whether the macro is the company's or the viewer's own, as a chip. */
export function VisibilityChip({ macro }: { macro: Pick<MacroRow, "visibility"> }) {
  const { t } = useTranslation();
  const shared = macro.visibility === "company";
  const Icon = shared ? Building2 : User;
  return (
    <span
      className={
        shared
          ? "inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-text"
          : "inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted"
      }
    >
      <Icon className="size-3" aria-hidden />
      {shared ? t("macros.shared") : t("macros.personal")}
    </span>
  );
}

export function MacrosTable({
  records,
  loaded,
  searching,
  lookups,
  onEdit,
  onDelete,
}: {
  records: MacroRow[];
  loaded: boolean;
  searching: boolean;
  lookups: ActionLookups;
  onEdit: (macro: MacroRow) => void;
  onDelete: (macro: MacroRow) => void;
}) {
  const { t } = useTranslation();
  const columns: Column<MacroRow>[] = [
    {
      header: t("macros.columns.name"),
      cellClassName: "w-full max-w-0",
      skeleton: (
        <>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-1.5 h-3 w-64 max-w-full" />
        </>
      ),
      cell: (macro) => (
        <>
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium">{macro.name}</span>
            <span className="sm:hidden">
              <VisibilityChip macro={macro} />
            </span>
          </p>
          <p className="truncate text-xs text-muted">{describeActions(macro.actions, lookups, t)}</p>
          {macro.mediaName ? (
            <p className="mt-0.5 inline-flex max-w-full items-center gap-1 text-xs text-muted">
              <Paperclip className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{macro.mediaName}</span>
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: t("macros.columns.visibility"),
      className: "hidden w-36 sm:table-cell",
      skeleton: <Skeleton className="h-5 w-20 rounded-full" />,
      cell: (macro) => <VisibilityChip macro={macro} />,
    },
    {
      header: t("macros.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (macro) => (macro.editable ? <RowActions name={macro.name} onEdit={() => onEdit(macro)} onDelete={() => onDelete(macro)} /> : null),
    },
  ];
  return (
    <ListTable
      rows={records}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={4}
      empty={{
        icon: WandSparkles,
        title: searching ? t("macros.emptySearch") : t("macros.empty"),
        description: searching ? t("macros.emptySearchHint") : t("macros.emptyHint"),
      }}
    />
  );
}
