import { Menu as MenuIcon, Moon, RefreshCw, Search, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../lib/session-user";
import { useTheme } from "../../lib/theme";
import { AccountMenu } from "./AccountMenu";
import { Greeting } from "./Greeting";
import { ChatsPopover } from "../../features/chats/ChatsPopover";
import { canOpen } from "../../lib/access";
import { NotificationsPopover } from "../../features/notifications/NotificationsPopover";
import { AnnouncementsPopover } from "../../features/announcements/AnnouncementsPopover";
import { VolumeControl } from "./HeaderPopovers";
import { topbarButton } from "./topbar-button";
import { cn } from "../ui/cn";

export function Topbar({
  user,
  onToggleMenu,
  menuExpanded,
  onOpenCommand,
}: {
  user: SessionUser;
  onToggleMenu: () => void;
  menuExpanded: boolean;
  /** The command bar (also Ctrl+K). */
  onOpenCommand: () => void;
}) {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const themeLabel = theme === "dark" ? t("shell.themeLight") : t("shell.themeDark");
  return (
    // Under md, the inbox's open chat takes the whole screen (its header has the way back), and the inbox's list
    // goes without the greeting's line: both are marked on the tickets page (TicketsLayout).
    <header className="shrink-0 border-b border-line bg-surface max-md:group-has-[[data-phone-chat]]/shell:hidden">
      <div className="flex h-14 items-center gap-1 px-2 min-[600px]:h-16 min-[600px]:gap-2 min-[600px]:px-4">
        <button
          type="button"
          onClick={onToggleMenu}
          aria-label={menuExpanded ? t("shell.collapseMenu") : t("shell.expandMenu")}
          aria-controls="app-drawer"
          aria-expanded={menuExpanded}
          className={topbarButton}
        >
          <MenuIcon className="size-5" aria-hidden />
        </button>
        <div className="hidden min-w-0 flex-1 min-[600px]:block">
          <Greeting name={user.name} company={user.company.name} />
        </div>
        <div className="flex-1 min-[600px]:hidden" />
        <div className="flex items-center gap-0.5 min-[600px]:gap-1">
          <button type="button" onClick={onOpenCommand} aria-label={t("commandBar.open")} title={t("commandBar.open")} aria-keyshortcuts="Control+K Meta+K" className={topbarButton}>
            <Search className="size-5" aria-hidden />
          </button>
          {/* Phones: the theme and the reload move into the account menu, so the rest keep a finger's 44 px. */}
          <button type="button" onClick={toggle} aria-label={themeLabel} title={themeLabel} className={cn(topbarButton, "max-[599px]:hidden")}>
            {theme === "dark" ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
          </button>
          <VolumeControl />
          <button
            type="button"
            onClick={() => window.location.reload()}
            aria-label={t("shell.refresh")}
            title={t("shell.refresh")}
            className={cn(topbarButton, "max-[599px]:hidden")}
          >
            <RefreshCw className="size-5" aria-hidden />
          </button>
          <NotificationsPopover />
          <AnnouncementsPopover />
          {canOpen(user, "chats") ? <ChatsPopover /> : null}
          <AccountMenu user={user} />
        </div>
      </div>
      {/* Phones: the greeting gets its own line under the icons. */}
      <div className="border-t border-line px-4 py-1.5 min-[600px]:hidden group-has-[[data-inbox]]/shell:hidden">
        {/* Its own line: it wraps rather than cut the company's name. */}
        <Greeting name={user.name} company={user.company.name} wrap />
      </div>
    </header>
  );
}
