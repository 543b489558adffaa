import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../lib/hooks";
import { useMenuBadges } from "../../lib/menu-badges";
import { useRealtimeEvent } from "../../lib/realtime";
import type { AppLoaderData } from "../../lib/session-user";
import { useUnreadTitle } from "../../lib/unread-title";
import { lazyWhenOpen } from "../../lib/lazyWhenOpen";
import { useCommandShortcut } from "../../features/commandBar/useCommandShortcut";
import { OfflineBanner } from "../../features/offline/OfflineBanner";
import { useOfflineSupport } from "../../features/offline/useOfflineSupport";
import { useNotificationTaps } from "../../features/push/useNotificationTaps";
import { DesktopSidebar, type DrawerMode } from "./Sidebar";
import { SubscriptionBanner } from "./SubscriptionBanner";
import { SupportAccessBanner } from "./SupportAccessBanner";
import { Topbar } from "./Topbar";

/** The phone's drawer (a dialog) loads its code the first time it opens. */
const MobileDrawer = lazyWhenOpen(
  () => import("./MobileDrawer").then((m) => m.MobileDrawer),
  (props) => props.open,
);

/** The command bar (Ctrl+K) loads its code the first time it opens. */
const CommandBar = lazyWhenOpen(
  () => import("../../features/commandBar/CommandBar").then((m) => m.CommandBar),
  (props) => props.open,
);

const PHONE_QUERY = "(max-width: 599.98px)";
const WIDE_QUERY = "(min-width: 1200px)";

/**
 * The main shell (spec 000 section 2): a drawer that is temporary under 600 px, icons-only up to 1200 px
 * and open above (until the user toggles it), the top bar, and the page.
 */
export function AppShell({ data, children }: { data: AppLoaderData; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = data;
  const badges = useMenuBadges(user);
  useUnreadTitle(user.id);
  useOfflineSupport(user.id);
  useNotificationTaps();
  const [commandOpen, setCommandOpen] = useState(false);
  const openCommand = useCallback(() => setCommandOpen(true), []);
  useCommandShortcut(openCommand);
  // What is typed right after Ctrl+K goes into the bar: its code is asked for once the page is idle, after it is usable.
  useEffect(() => {
    const id = setTimeout(CommandBar.preload, 2000);
    return () => clearTimeout(id);
  }, []);
  const [mode, setMode] = useState<DrawerMode>("auto");
  const [mobileOpen, setMobileOpen] = useState(false);
  const wide = useMediaQuery(WIDE_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  const expanded = phone ? mobileOpen : mode === "auto" ? wide : mode === "expanded";

  const toggleMenu = useCallback(() => {
    if (window.matchMedia(PHONE_QUERY).matches) {
      setMobileOpen((open) => !open);
      return;
    }
    const isWide = window.matchMedia(WIDE_QUERY).matches;
    setMode((m) => ((m === "auto" ? isWide : m === "expanded") ? "collapsed" : "expanded"));
  }, []);

  // Someone changed this user or the company's settings: reload what the shell knows about them.
  const revalidator = useRevalidator();
  useRealtimeEvent("user", (event) => {
    if (event.userId !== user.id || event.action !== "update") return;
    const changed = !event.user || event.user.name !== user.name || event.user.email !== user.email || event.user.profile !== user.profile;
    if (changed) revalidator.revalidate();
  });
  useRealtimeEvent("settings", () => revalidator.revalidate());
  // The company changed (a payment moved its due date, the platform edited it): the due-date banner follows at once.
  useRealtimeEvent("company", (event) => {
    if (event.companyId === user.companyId) revalidator.revalidate();
  });

  return (
    // group/shell: a page can ask for the phone's whole screen (the inbox's open chat: data-phone-chat, see Topbar).
    <div className="group/shell flex h-dvh overflow-hidden bg-bg text-fg">
      <a
        href="#main"
        className="sr-only z-[100] rounded-lg bg-brand px-4 py-2 text-brand-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("shell.skipToContent")}
      </a>
      <DesktopSidebar user={user} badges={badges} mode={mode} />
      <MobileDrawer user={user} badges={badges} open={mobileOpen} onOpenChange={setMobileOpen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <OfflineBanner />
        <SubscriptionBanner user={user} subscription={data.subscription} />
        <SupportAccessBanner user={user} />
        <Topbar user={user} onToggleMenu={toggleMenu} menuExpanded={expanded} onOpenCommand={openCommand} />
        <CommandBar user={user} open={commandOpen} onOpenChange={setCommandOpen} />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
