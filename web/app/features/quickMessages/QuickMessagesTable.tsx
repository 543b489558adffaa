import { Check, Paperclip, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
import type { QuickMessageRow } from "./types";
import "./texts";

function Attachment({ qm }: { qm: QuickMessageRow }) {
  const { t } = useTranslation();
  if (!qm.mediaName) return <span className="text-subtle">{t("quickMessages.noAttachment")}</span>;
  const label = (
    <>
      <Paperclip className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{qm.mediaName}</span>
    </>
  );
  return qm.mediaPath ? (
    <a href={qm.mediaPath} target="_blank" rel="noreferrer" className="inline-flex max-w-full items-center gap-1.5 text-brand-text underline-offset-2 hover:underline max-sm:min-h-11">
      {label}
    </a>
  ) : (
    <span className="inline-flex max-w-full items-center gap-1.5">{label}</span>
  );
}

export function QuickMessagesTable({
  records,
  loaded,
  loadingMore,
  searching,
  mayEdit,
  onEdit,
  onDelete,
}: {
  records: QuickMessageRow[];
  loaded: boolean;
  loadingMore: boolean;
  searching: boolean;
  mayEdit: (qm: QuickMessageRow) => boolean;
  onEdit: (qm: QuickMessageRow) => void;
  onDelete: (qm: QuickMessageRow) => void;
}) {
  const { t } = useTranslation();
  const columns: Column<QuickMessageRow>[] = [
    {
      header: t("quickMessages.columns.shortcode"),
      cellClassName: "w-full max-w-0 sm:w-auto sm:max-w-md",
      skeleton: (
        <>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-1.5 h-3 w-56 max-w-full" />
        </>
      ),
      cell: (qm) => (
        <>
          <p className="truncate font-mono font-medium">/{qm.shortcode}</p>
          {qm.message ? <p className="truncate text-xs text-muted">{qm.message}</p> : null}
          <p className="mt-0.5 truncate text-xs sm:hidden">
            <Attachment qm={qm} />
          </p>
        </>
      ),
    },
    {
      header: t("quickMessages.columns.attachment"),
      className: "hidden w-1/3 sm:table-cell",
      cellClassName: "max-w-0 truncate text-muted",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (qm) => <Attachment qm={qm} />,
    },
    {
      header: t("quickMessages.columns.geral"),
      className: "w-20 text-center",
      skeleton: <Skeleton className="mx-auto size-5 rounded-full" />,
      cell: (qm) =>
        qm.geral ? (
          <span className="inline-flex size-6 items-center justify-center rounded-full bg-brand-soft text-brand-text" title={t("quickMessages.geralYes")}>
            <Check className="size-4" aria-hidden />
            <span className="sr-only">{t("quickMessages.geralYes")}</span>
          </span>
        ) : (
          <span className="sr-only">{t("quickMessages.geralNo")}</span>
        ),
    },
    {
      header: t("quickMessages.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (qm) => (mayEdit(qm) ? <RowActions name={`/${qm.shortcode}`} onEdit={() => onEdit(qm)} onDelete={() => onDelete(qm)} /> : null),
    },
  ];
  return (
    <ListTable
      rows={records}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={5}
      empty={{
        icon: Zap,
        title: searching ? t("quickMessages.emptySearch") : t("quickMessages.empty"),
        description: searching ? t("quickMessages.emptySearchHint") : t("quickMessages.emptyHint"),
      }}
    />
  );
}
