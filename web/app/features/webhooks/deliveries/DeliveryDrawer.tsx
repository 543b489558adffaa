import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent } from "../../../components/ui/Dialog";
import { Spinner } from "../../../components/ui/Spinner";
import { errorMessage } from "../../../lib/errors";
import { useCompanyTime } from "../../../lib/useCompanyTime";
import { getDelivery } from "../api";
import { eventTextKey } from "../eventGroups";
import { DeliveryStatusChip } from "../StatusChips";
import type { DeliveryDetail, DeliveryRow } from "../types";
import "../texts";

/** One delivery: its facts, the body it sends (pretty JSON) and the last error. The row shows until the body arrives. */
export function DeliveryDrawer({ row, onClose }: { row: DeliveryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<{ id: number; delivery: DeliveryDetail | null; error: string | null } | null>(null);
  const rowId = row?.id ?? null;
  useEffect(() => {
    if (rowId === null) return;
    let current = true;
    setDetail(null);
    getDelivery(rowId).then(
      (delivery) => current && setDetail({ id: rowId, delivery, error: null }),
      (err: unknown) => current && setDetail({ id: rowId, delivery: null, error: errorMessage(err, t) }),
    );
    return () => {
      current = false;
    };
  }, [rowId, t]);
  const loaded = detail?.id === rowId ? detail : null;
  const shown = loaded?.delivery ?? row;
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent placement="side" title={shown ? t(eventTextKey(shown.eventType, "label"), { defaultValue: shown.eventType }) : t("webhooks.deliveries.drawer.title")}>
        <DialogBody>
          {shown ? <DeliveryFacts delivery={shown} /> : null}
          <section className="mt-5 flex flex-col gap-1.5">
            <h3 className="text-sm font-medium">{t("webhooks.deliveries.drawer.lastError")}</h3>
            {shown?.error ? (
              <p className="rounded-lg bg-danger-soft px-3 py-2 text-sm break-words text-danger" data-testid="delivery-error">
                {shown.error}
              </p>
            ) : (
              <p className="text-sm text-muted">{t("webhooks.deliveries.drawer.noError")}</p>
            )}
          </section>
          <section className="mt-5 flex flex-col gap-1.5">
            <h3 className="text-sm font-medium">{t("webhooks.deliveries.drawer.payload")}</h3>
            {loaded?.delivery ? (
              // Focusable, so a keyboard can scroll a long body (and the drawer with it).
              <pre
                tabIndex={0}
                role="region"
                aria-label={t("webhooks.deliveries.drawer.payload")}
                className="max-h-[60vh] overflow-auto rounded-lg border border-line bg-surface-2 p-3 font-mono text-xs leading-relaxed focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40"
                data-testid="delivery-payload"
              >
                {JSON.stringify(loaded.delivery.payload, null, 2)}
              </pre>
            ) : loaded?.error ? (
              <p role="alert" className="text-sm text-danger">
                {loaded.error}
              </p>
            ) : (
              <Spinner label={t("webhooks.deliveries.drawer.loading")} />
            )}
          </section>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function DeliveryFacts({ delivery }: { delivery: DeliveryRow }) {
  const { t, i18n } = useTranslation();
  const when = useCompanyTime();
  const facts: [string, ReactNode][] = [
    [t("webhooks.deliveries.columns.status"), <DeliveryStatusChip key="s" status={delivery.status} />],
    [t("webhooks.deliveries.columns.event"), <code key="t" className="font-mono text-xs">{delivery.eventType}</code>],
    [t("webhooks.deliveries.drawer.eventId"), <code key="e" className="font-mono text-xs break-all select-all">{delivery.eventId}</code>],
    [t("webhooks.deliveries.columns.code"), delivery.responseStatus ?? "—"],
    [t("webhooks.deliveries.columns.attempts"), delivery.attempts],
    [t("webhooks.deliveries.columns.duration"), delivery.durationMs === null ? "—" : `${new Intl.NumberFormat(i18n.language).format(delivery.durationMs)} ms`],
    [t("webhooks.deliveries.columns.time"), when.dateTime(delivery.createdAt)],
    [t("webhooks.deliveries.drawer.deliveredAt"), delivery.deliveredAt ? when.dateTime(delivery.deliveredAt) : "—"],
    [t("webhooks.deliveries.columns.next"), delivery.nextAttemptAt && (delivery.status === "pending" || delivery.status === "retrying") ? when.dateTime(delivery.nextAttemptAt) : "—"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
