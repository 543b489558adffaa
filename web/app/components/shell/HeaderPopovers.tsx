import { Volume1, Volume2, VolumeX, type LucideIcon } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { cn } from "../ui/cn";
import { useTranslation } from "react-i18next";
import { useVolume } from "../../lib/volume";
import { EmptyState } from "../ui/EmptyState";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/Popover";
import { topbarButton } from "./topbar-button";

// The slider's code (Radix Slider) loads the first time the volume popover opens, not with every page.
const VolumeSlider = lazy(() => import("./VolumeSlider"));

/**
 * A top bar button with a count badge that opens a titled list; `children` is the list (the empty state shows when
 * there is none). Controlled, so that choosing an item closes it.
 */
export function ListPopover({
  icon,
  label,
  emptyTitle,
  count = 0,
  children,
  footer,
  open,
  onOpenChange,
}: {
  icon: LucideIcon;
  label: string;
  emptyTitle: string;
  count?: number;
  children?: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const Icon = icon;
  const badge = count > 99 ? "99+" : String(count);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger title={label} className={cn(topbarButton, "relative")}>
        <Icon className="size-5" aria-hidden />
        {/* The name is the label and then the badge's own text ("Notificações, 5"): what is seen is what is read. */}
        <span className="sr-only">{count > 0 ? `${label}, ` : label}</span>
        {count > 0 ? (
          <span data-count className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-danger-fg">
            {badge}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-1rem)] p-0" aria-label={label}>
        <div className="border-b border-line px-4 py-3 text-sm font-semibold">{label}</div>
        {children ? <div className="max-h-96 overflow-y-auto">{children}</div> : <EmptyState icon={Icon} title={emptyTitle} className="py-8" />}
        {footer ? <div className="border-t border-line px-2 py-2">{footer}</div> : null}
      </PopoverContent>
    </Popover>
  );
}

export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useVolume();
  const Icon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <Popover>
      <PopoverTrigger aria-label={t("shell.volume")} title={t("shell.volume")} className={topbarButton}>
        <Icon className="size-5" aria-hidden />
      </PopoverTrigger>
      <PopoverContent className="w-64 p-4" aria-label={t("shell.volume")}>
        <p className="mb-3 flex items-center justify-between text-sm font-medium">
          {t("shell.volume")}
          <span className="tabular-nums text-muted">{Math.round(volume * 100)}%</span>
        </p>
        <Suspense fallback={<div className="h-5" />}>
          <VolumeSlider volume={volume} onVolume={setVolume} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
