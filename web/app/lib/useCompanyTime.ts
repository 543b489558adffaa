import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay, formatTime } from "./dates";
import { useHydratedFlag } from "./hooks";
import { useSessionUser } from "./session-user";
import { zoneLabel, zonesDiffer } from "./dates";

/**
 * The company's clock for a component inside the shell: moments formatted in the company's zone (from the session the
 * app's loader gives every page) and, once hydrated, whether the browser's own zone reads differently — the server
 * cannot know the browser's zone, so the note appears only in the browser (no hydration mismatch).
 */
export function useCompanyTime() {
  const { i18n } = useTranslation();
  const timeZone = useSessionUser().company.timezone || DEFAULT_TIME_ZONE;
  const hydrated = useHydratedFlag();
  const lang = i18n.language;
  const browserZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : timeZone;
  return {
    timeZone,
    dateTime: (value: string | number | Date) => formatDateTime(value, lang, timeZone),
    time: (value: string | number | Date) => formatTime(value, lang, timeZone),
    day: (value: string | number | Date) => formatDay(value, lang, timeZone),
    /** "Horário de Brasília (UTC−3)" where the browser's zone differs from the company's; null where they agree. */
    differentZone: zonesDiffer(timeZone, browserZone) ? zoneLabel(timeZone, lang) : null,
  };
}
