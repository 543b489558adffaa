import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { cn } from "./cn";

/** Says the zone the page's times are in, where the browser's own zone would read them differently. */
export function ZoneNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { differentZone } = useCompanyTime();
  if (!differentZone) return null;
  return (
    <p className={cn("flex items-center gap-1 text-xs text-subtle", className)} data-zone-note="">
      <Globe className="size-3.5 shrink-0" aria-hidden />
      {t("common.companyZone", { zone: differentZone })}
    </p>
  );
}
