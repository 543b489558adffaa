import { Link } from "@remix-run/react";
import { ArrowLeft, FileText, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateView } from "../../../../../worker/contracts/whatsappTemplates";
import { Card, PageFrame, PageHeader } from "../../../components/layout/Page";
import { ListFailed, ListTable, RowActions, useRowDeletion, type Column } from "../../../components/list";
import { Button } from "../../../components/ui/Button";
import { cn } from "../../../components/ui/cn";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { Skeleton } from "../../../components/ui/Spinner";
import { toastError } from "../../../lib/errors";
import { useRouteId } from "../../../lib/routeIds";
import { toast } from "../../../lib/toast";
import { getConnection } from "../api";
import { ChannelBadge } from "../CloudFields";
import "../texts";
import type { Connection } from "../types";
import { deleteTemplate, syncTemplates } from "./api";
import { NewTemplateDialog } from "./NewTemplateDialog";
import { useTemplateList } from "./useTemplateList";
import { AutomaticTemplatesSection } from "../../automaticTemplates/AutomaticTemplatesSection";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/Tabs";

/** How each of Meta's statuses looks: green approved, amber waiting, red refused, grey paused or unknown. */
const STATUS_LOOKS: Record<string, string> = {
  APPROVED: "bg-brand-soft text-brand-text",
  PENDING: "bg-warning-soft text-warning-fg",
  IN_APPEAL: "bg-warning-soft text-warning-fg",
  REJECTED: "bg-danger-soft text-danger",
  DISABLED: "bg-danger-soft text-danger",
  PAUSED: "bg-surface-3 text-muted",
};

function TemplateStatus({ template }: { template: TemplateView }) {
  const { t } = useTranslation();
  const known = template.status in STATUS_LOOKS;
  return (
    <span className="flex flex-col items-start gap-1">
      <span data-status={template.status} className={cn("inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap", STATUS_LOOKS[template.status] ?? "bg-surface-3 text-muted")}>
        {known ? t(`connections.templates.status.${template.status}`) : template.status}
      </span>
      {template.reason ? <span className="text-xs text-danger">{t("connections.templates.reason", { reason: template.reason })}</span> : null}
    </span>
  );
}

/** /connections/:id/templates: a Cloud API connection's message templates (ADR 0050), synced with Meta, created for its review, deleted. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const whatsappId = useRouteId("id");
  const [connection, setConnection] = useState<Connection | null>(null);
  const list = useTemplateList(whatsappId);
  const [creating, setCreating] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const deletion = useRowDeletion((row: TemplateView) => deleteTemplate(whatsappId, row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("connections.templates.deleted"),
  });

  useEffect(() => {
    getConnection(whatsappId).then(setConnection).catch(toastError);
  }, [whatsappId]);

  const sync = async () => {
    setSyncing(true);
    try {
      await syncTemplates(whatsappId);
      list.reload();
      toast.success(t("connections.templates.synced"));
    } catch (err) {
      toastError(err);
    } finally {
      setSyncing(false);
    }
  };

  const columns: Column<TemplateView>[] = [
    {
      header: t("connections.templates.columns.name"),
      cellClassName: "min-w-36",
      skeleton: <Skeleton className="h-4 w-36" />,
      // Meta's names are long snake_case words: they break anywhere rather than being cut.
      cell: (row) => (
        <>
          <p className="font-medium break-all">{row.name}</p>
          <p className="text-xs text-muted">
            {row.language}
            <span className="sm:hidden"> · {t(`connections.templates.category.${row.category}`, { defaultValue: row.category })}</span>
          </p>
          <p className="mt-1 line-clamp-2 text-xs text-muted md:hidden" title={row.body}>
            {row.body}
          </p>
        </>
      ),
    },
    {
      header: t("connections.templates.columns.category"),
      className: "hidden sm:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      skeleton: <Skeleton className="h-4 w-20" />,
      cell: (row) => t(`connections.templates.category.${row.category}`, { defaultValue: row.category }),
    },
    {
      header: t("connections.templates.columns.status"),
      skeleton: <Skeleton className="h-6 w-24 rounded-full" />,
      cell: (row) => <TemplateStatus template={row} />,
    },
    {
      header: t("connections.templates.columns.body"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-0 w-2/5",
      skeleton: <Skeleton className="h-4 w-64" />,
      cell: (row) => (
        <p className="line-clamp-2 text-sm text-muted" title={row.body}>
          {row.header ? <span className="font-medium text-fg">{row.header} · </span> : null}
          {row.body}
        </p>
      ),
    },
    {
      header: <span className="sr-only">{t("connections.templates.columns.actions")}</span>,
      className: "w-12 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto size-8" />,
      cell: (row) => <RowActions name={row.name} onDelete={() => deletion.ask(row)} />,
    },
  ];

  const notCloud = list.failed && connection !== null && connection.channel !== "cloud";
  return (
    <PageFrame className="h-full min-h-0">
      <div className="flex flex-col gap-1">
        <Link to="/connections" className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg">
          <ArrowLeft className="size-4" aria-hidden />
          {t("connections.templates.back")}
        </Link>
        {connection ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {t("connections.templates.of", { name: connection.name })}
            <ChannelBadge channel={connection.channel} />
          </p>
        ) : null}
      </div>
      <PageHeader
        title={t("connections.templates.title")}
        count={list.loaded && !list.failed ? list.items.length : undefined}
        add={list.failed ? undefined : { label: t("connections.templates.add"), onClick: () => setCreating(true) }}
        actions={
          list.failed ? null : (
            <Button variant="outline" onClick={sync} loading={syncing} className="w-full sm:w-auto">
              {syncing ? null : <RefreshCw className="size-4" aria-hidden />}
              {t("connections.templates.sync")}
            </Button>
          )
        }
      />
      <Tabs defaultValue="templates" className="flex min-h-0 flex-1 flex-col">
        {list.failed ? null : (
          <TabsList aria-label={t("connections.templates.title")}>
            <TabsTrigger value="templates">{t("automaticTemplates.templatesTab")}</TabsTrigger>
            <TabsTrigger value="automatic">{t("automaticTemplates.tab")}</TabsTrigger>
          </TabsList>
        )}
        <TabsContent value="templates" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <Card className="min-h-0 flex-1 overflow-auto">
            {list.failed ? (
              <ListFailed
                message={notCloud ? t("connections.templates.notCloud") : t("connections.templates.loadFailed")}
                retryLabel={t("connections.templates.retry")}
                onRetry={notCloud ? undefined : list.reload}
              />
            ) : (
              <ListTable
                rows={list.items}
                columns={columns}
                loaded={list.loaded}
                loadingMore={false}
                skeletonRows={3}
                empty={{ icon: FileText, title: t("connections.templates.empty"), description: t("connections.templates.emptyHint") }}
              />
            )}
          </Card>
        </TabsContent>
        <TabsContent value="automatic" className="min-h-0 flex-1 overflow-auto">
          <AutomaticTemplatesSection connectionId={whatsappId} templates={list.items.filter((x) => x.status === "APPROVED")} templatesLoaded={list.loaded} />
        </TabsContent>
      </Tabs>
      <NewTemplateDialog whatsappId={whatsappId} open={creating} onOpenChange={setCreating} onCreated={(template) => list.upsert(template)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("connections.templates.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("connections.templates.deleteMessage")}
      />
    </PageFrame>
  );
}

