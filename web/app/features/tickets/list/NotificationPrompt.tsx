import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";

/**
 * Asks once, politely, whether the browser may show notifications for new messages. On phones it waits at the foot of
 * the list rather than pushing the tickets down (it comes first in reading order still).
 */
export function NotificationPrompt({ onAnswer }: { onAnswer: (enable: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t("tickets.notifications.enable")} className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5 border-line bg-brand-soft/50 px-3 py-2.5 max-md:order-last max-md:border-t md:border-b dark:bg-brand-soft/40">
      <BellRing className="size-4 shrink-0 text-brand-text" aria-hidden />
      <p className="min-w-[10rem] flex-1 text-xs leading-snug text-fg">{t("tickets.notifications.prompt")}</p>
      <div className="ml-auto flex shrink-0 gap-1">
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onAnswer(false)}>
          {t("tickets.notifications.dismiss")}
        </Button>
        <Button size="sm" className="h-7 px-2 text-xs" onClick={() => onAnswer(true)}>
          {t("tickets.notifications.enable")}
        </Button>
      </div>
    </div>
  );
}
