import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import type { DeliveryStatus, WebhookRow } from "./types";
import "./texts";

const chip = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** A subscription's state: active, or paused with its reason (on hover, and read out). */
export function SubscriptionStatusChip({ webhook }: { webhook: Pick<WebhookRow, "status" | "pausedReason"> }) {
  const { t } = useTranslation();
  const reason = webhook.status === "paused" ? webhook.pausedReason : null;
  return (
    <span className={cn(chip, webhook.status === "active" ? "bg-brand-soft text-brand-text" : "bg-warning-soft text-warning-fg")} title={reason ?? undefined}>
      {t(`webhooks.status.${webhook.status}`)}
      {reason ? <span className="sr-only">: {reason}</span> : null}
    </span>
  );
}

const DELIVERY_TONE: Record<DeliveryStatus, string> = {
  pending: "bg-surface-3 text-muted",
  retrying: "bg-warning-soft text-warning-fg",
  delivered: "bg-brand-soft text-brand-text",
  failed: "bg-danger-soft text-danger",
};

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <span className={cn(chip, DELIVERY_TONE[status])}>{t(`webhooks.deliveries.status.${status}`)}</span>;
}
