import { Link } from "@remix-run/react";
import { ArrowLeft, Send } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEBHOOK_DELIVERY_STATUSES } from "../../../../../worker/contracts/publicApi/webhooks";
import { Card, PageFrame } from "../../../components/layout/Page";
import { InfiniteScroller, ListFailed, useBusyRows } from "../../../components/list";
import { Button } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { Select } from "../../../components/ui/Select";
import { Skeleton } from "../../../components/ui/Spinner";
import { toastError } from "../../../lib/errors";
import { useRealtimeEvent } from "../../../lib/realtime";
import { useRouteId } from "../../../lib/routeIds";
import { toast } from "../../../lib/toast";
import { listWebhooks, resendDelivery, sendTestEvent } from "../api";
import { SubscriptionStatusChip } from "../StatusChips";
import type { DeliveryRow, DeliveryStatus, WebhookRow } from "../types";
import { DeliveriesTable } from "./DeliveriesTable";
import { DeliveryDrawer } from "./DeliveryDrawer";
import { useDeliveryList } from "./useDeliveryList";
import "../texts";

const ALL = "all";

/** /webhooks/:id (admins): one subscription's delivery log, newest first, filtered by status; a row opens its body. */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const id = useRouteId("id");
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const list = useDeliveryList(id, status);
  const webhook = useWebhook(id);
  const [open, setOpen] = useState<DeliveryRow | null>(null);
  const { busy, run } = useBusyRows();

  const test = () =>
    run(id, async () => {
      await sendTestEvent(id);
      toast.success(t("webhooks.testSent"));
      list.refresh();
    });
  const resend = (row: DeliveryRow) =>
    run(row.id, async () => {
      await resendDelivery(row.id);
      toast.success(t("webhooks.deliveries.resent"));
      list.refresh();
    });

  if (webhook === "missing") {
    return (
      <PageFrame className="max-w-5xl">
        <BackLink />
        <EmptyState title={t("webhooks.deliveries.notFound")} />
      </PageFrame>
    );
  }
  return (
    <PageFrame className="h-full min-h-0 max-w-6xl">
      <div className="flex flex-col gap-3">
        <BackLink />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-semibold tracking-tight">{t("webhooks.deliveries.title")}</h1>
            {webhook ? (
              <p className="flex min-w-0 items-center gap-2 text-sm text-muted">
                <span className="truncate" title={webhook.url} data-testid="webhook-url">
                  {webhook.url}
                </span>
                <SubscriptionStatusChip webhook={webhook} />
              </p>
            ) : (
              <Skeleton className="mt-1 h-4 w-64" />
            )}
          </div>
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            <Select
              aria-label={t("webhooks.deliveries.filter")}
              value={status || ALL}
              onValueChange={(value) => setStatus(value === ALL ? "" : (value as DeliveryStatus))}
              options={[
                { value: ALL, label: t("webhooks.deliveries.allStatuses") },
                ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.deliveries.status.${s}`) })),
              ]}
              className="min-w-0 flex-1 sm:w-44"
            />
            <Button onClick={test} loading={busy.has(id)} className="flex-1 sm:flex-none">
              <Send className="size-4" aria-hidden />
              {t("webhooks.actions.test")}
            </Button>
          </div>
        </div>
      </div>
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {list.failed && list.items.length === 0 ? (
          <ListFailed message={t("webhooks.deliveries.failed")} retryLabel={t("webhooks.deliveries.retry")} onRetry={list.reload} />
        ) : (
          <InfiniteScroller list={list}>
            <DeliveriesTable
              rows={list.items}
              loaded={list.loaded}
              loadingMore={list.loading && list.page > 0}
              filtered={status !== ""}
              resending={busy}
              onOpen={setOpen}
              onResend={resend}
            />
            {list.loaded && list.hasMore && !list.loading ? (
              <div className="flex justify-center border-t border-line p-3">
                <Button variant="outline" onClick={list.loadMore}>
                  {t("webhooks.deliveries.loadMore")}
                </Button>
              </div>
            ) : null}
          </InfiniteScroller>
        )}
      </Card>
      <DeliveryDrawer row={open ? (list.items.find((r) => r.id === open.id) ?? open) : null} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/webhooks" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted hover:text-fg">
      <ArrowLeft className="size-4" aria-hidden />
      {t("webhooks.deliveries.back")}
    </Link>
  );
}

/** The subscription the log is of (from the company's list: a handful), or "missing"; its state follows its events. */
function useWebhook(id: number): WebhookRow | "missing" | null {
  const [webhook, setWebhook] = useState<WebhookRow | "missing" | null>(null);
  const load = useCallback(async () => {
    try {
      const all = await listWebhooks();
      setWebhook(all.find((w) => w.id === id) ?? "missing");
    } catch (err) {
      toastError(err);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtimeEvent("webhookSubscription", (event) => {
    if (event.action === "delete") {
      if (event.subscriptionId === id) setWebhook("missing");
    } else if (event.subscription.id === id) setWebhook(event.subscription);
  });
  return webhook;
}
