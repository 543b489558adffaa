import { Activity, BadgeCheck, CircleAlert, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import { healthLine, isStale, refusalText } from "./health";
import type { ConnectionRow } from "./types";
import "./texts";

/** The current time, moved on every minute: relative times ("3 minutes ago") and the stale warning age with it. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A WhatsApp Web connection's health under its status (issue 30): when its session host last heard from WhatsApp and
 * what happened in 24 hours; a warning when it says CONNECTED but has been silent; and WhatsApp's refusal to link,
 * in plain words, with the way to the official API (`onOfficialApi`, for those who may add connections).
 */
export function HealthLine({ row, onOfficialApi, className }: { row: ConnectionRow; onOfficialApi?: () => void; className?: string }) {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  const health = row.health;
  if (!health || row.channel === "cloud") return null;
  const refusal = refusalText(health, t);
  const stale = isStale(health, row.status, now);
  return (
    <div className={cn("flex w-full max-w-xs flex-col gap-1 text-xs sm:min-w-52", className)} data-testid={`health-${row.id}`}>
      <p className={cn("flex items-start gap-1", stale ? "font-medium text-warning-fg" : "text-muted")} title={stale ? t("connections.health.staleHint") : t("connections.health.label")}>
        {stale ? <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden /> : <Activity className="mt-px size-3.5 shrink-0" aria-hidden />}
        <span>
          {stale ? <span className="block">{t("connections.health.stale")}</span> : null}
          <span className={cn(stale && "font-normal")}>{healthLine(health, t, i18n.language, now)}</span>
        </span>
      </p>
      {refusal ? (
        <div role="note" className="rounded-lg border border-danger/30 bg-danger-soft px-2.5 py-2 text-danger">
          <p className="flex items-center gap-1 font-semibold">
            <CircleAlert className="size-3.5 shrink-0" aria-hidden />
            {t("connections.health.refusalTitle")}
          </p>
          <p className="mt-0.5 text-fg">{refusal}</p>
          {onOfficialApi ? (
            <button
              type="button"
              onClick={onOfficialApi}
              title={t("connections.health.officialApiHint")}
              className="mt-1.5 inline-flex items-center gap-1 rounded font-medium text-brand-text underline underline-offset-2 hover:no-underline focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
            >
              <BadgeCheck className="size-3.5 shrink-0" aria-hidden />
              {t("connections.health.officialApi")}
            </button>
          ) : (
            <p className="mt-1 text-muted">{t("connections.health.officialApiHint")}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
