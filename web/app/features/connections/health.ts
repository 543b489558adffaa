import { formatDistanceStrict } from "date-fns";
import type { TFunction } from "i18next";
import type { ConnectionHealthView } from "../../../../worker/contracts/sessionHosts";
import { dateLocale } from "../../lib/dateLocale";
import type { ConnectionStatus } from "./types";

export type { ConnectionHealthView };

/**
 * A CONNECTED connection whose session host has reported nothing for this long looks silent: the page warns. The
 * host probes a silent socket itself (after SESSION_HOST_SILENCE_MS, 30 minutes) and restarts it when the probe fails;
 * a probe that passes is not an event, so a quiet number's page would warn all night with a short window: two hours.
 */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** Whether the connection says it is connected but its host has not heard from WhatsApp for a while. */
export function isStale(health: ConnectionHealthView | null | undefined, status: ConnectionStatus, now: number): boolean {
  if (!health?.lastEventAt || status !== "CONNECTED") return false;
  return now - Date.parse(health.lastEventAt) > STALE_AFTER_MS;
}

/**
 * The connection's health in one short line: when its host last heard from WhatsApp, then what happened in 24 hours
 * (reconnects, silent restarts, messages recovered; "no drops" when nothing did).
 */
export function healthLine(health: ConnectionHealthView, t: TFunction, lang: string, now: number): string {
  const since = health.lastEventAt ? now - Date.parse(health.lastEventAt) : null;
  const last =
    since === null
      ? t("connections.health.noEvent")
      : since < 60_000
        ? t("connections.health.justNow")
        : t("connections.health.lastEvent", { ago: formatDistanceStrict(new Date(health.lastEventAt!), new Date(now), { addSuffix: true, locale: dateLocale(lang) }) });
  const parts: string[] = [];
  if (health.reconnects24h > 0) parts.push(t("connections.health.reconnects", { count: health.reconnects24h }));
  if (health.silentRestarts24h > 0) parts.push(t("connections.health.silentRestarts", { count: health.silentRestarts24h }));
  if (health.recovered24h > 0) parts.push(t("connections.health.recovered", { count: health.recovered24h }));
  const day = parts.length > 0 ? t("connections.health.inDay", { list: parts.join(", ") }) : t("connections.health.calm");
  return `${last} · ${day}`;
}

/** Why WhatsApp refused the link, in plain words (null when it did not). */
export function refusalText(health: ConnectionHealthView | null | undefined, t: TFunction): string | null {
  return health?.refusal ? t(`connections.health.refusal.${health.refusal}`) : null;
}
