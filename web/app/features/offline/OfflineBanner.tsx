import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "./useOnline";

/** The shell's offline state (issue 29): above the top bar while the browser has no network. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" data-testid="offline-banner" className="flex items-start gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0">
        <span className="font-semibold">{t("offline.banner")}</span> <span>{t("offline.bannerHint")}</span>
      </p>
    </div>
  );
}
