import { Link } from "@remix-run/react";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canOpen } from "../../lib/access";
import { formatDate } from "../../lib/calendarDate";
import type { SessionUser } from "../../lib/session-user";

/** Spec: a warning when the subscription ends in fewer than 5 days. */
export function SubscriptionBanner({ user, subscription }: { user: SessionUser; subscription: { dueDate: string; daysLeft: number } | null }) {
  const { t } = useTranslation();
  if (!subscription) return null;
  const date = formatDate(subscription.dueDate);
  const message =
    subscription.daysLeft < 0
      ? t("errors.ERR_PAYMENT_REQUIRED")
      : subscription.daysLeft === 0
      ? t("shell.subscriptionWarningToday", { date })
      : t("shell.subscriptionWarning", { count: subscription.daysLeft, date });
  return (
    <div role="status" className={subscription.daysLeft < 0 ? "flex shrink-0 items-center gap-2 bg-danger-soft px-4 py-2 text-sm text-danger" : "flex shrink-0 items-center gap-2 bg-warning-soft px-4 py-2 text-sm text-warning-fg"}>
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">{message}</span>
      {canOpen(user, "financeiro") ? (
        <Link to="/financeiro" className="shrink-0 font-semibold underline underline-offset-2">
          {t("shell.subscribe")}
        </Link>
      ) : null}
    </div>
  );
}
