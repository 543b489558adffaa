import { Bell, Megaphone, MessageCircle, Volume1, Volume2, VolumeX, type LucideIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useVolume } from "../../lib/volume";
import { EmptyState } from "../ui/EmptyState";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/Popover";
import { topbarButton } from "./topbar-button";

// The slider's code (Radix Slider) loads the first time the volume popover opens, not with every page.
const VolumeSlider = lazy(() => import("./VolumeSlider"));

function ListPopover({ icon, label, emptyTitle }: { icon: LucideIcon; label: string; emptyTitle: string }) {
  const Icon = icon;
  return (
    <Popover>
      <PopoverTrigger aria-label={label} title={label} className={topbarButton}>
        <Icon className="size-5" aria-hidden />
      </PopoverTrigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-1rem)]" aria-label={label}>
        <div className="border-b border-line px-4 py-3 text-sm font-semibold">{label}</div>
        <EmptyState icon={Icon} title={emptyTitle} className="py-8" />
      </PopoverContent>
    </Popover>
  );
}

/** Ticket notifications arrive with the tickets feature; until then the list is empty. */
export function NotificationsPopover() {
  const { t } = useTranslation();
  return <ListPopover icon={Bell} label={t("shell.notifications")} emptyTitle={t("shell.noNotifications")} />;
}

export function AnnouncementsPopover() {
  const { t } = useTranslation();
  return <ListPopover icon={Megaphone} label={t("shell.announcements")} emptyTitle={t("shell.noAnnouncements")} />;
}

export function ChatsPopover() {
  const { t } = useTranslation();
  return <ListPopover icon={MessageCircle} label={t("shell.chats")} emptyTitle={t("shell.noChats")} />;
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
