import { MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAppVersion, type MenuBadges } from "../../lib/menu-badges";
import type { SessionUser } from "../../lib/session-user";
import { cn } from "../ui/cn";
import { collapsibleHide, collapsibleLabel, NavList } from "./NavList";

export type DrawerMode = "auto" | "expanded" | "collapsed";

export function Brand({ collapsible }: { collapsible: boolean }) {
  return (
    <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-line px-5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-fg shadow-sm">
        <MessageCircle className="size-[18px]" aria-hidden />
      </span>
      <span className={cn("text-lg font-bold tracking-tight text-fg", collapsible && collapsibleLabel)}>
        Zap<span className="text-brand">Desk</span>
      </span>
    </div>
  );
}

export function Version({ collapsible }: { collapsible: boolean }) {
  const { t } = useTranslation();
  const version = useAppVersion();
  return (
    <div className="shrink-0 border-t border-line px-5 py-3 text-xs text-subtle">
      {version ? (
        <>
          <span className={cn(collapsible && collapsibleHide)}>{t("shell.version", { version })}</span>
          {collapsible ? (
            <span className="hidden group-data-[mode=collapsed]/side:inline group-data-[mode=auto]/side:max-[1199px]:inline">v{version}</span>
          ) : null}
        </>
      ) : (
        <span aria-hidden>&nbsp;</span>
      )}
    </div>
  );
}

/** The drawer from 600 px up: full above 1200 px, icons only below, unless the user toggled it. */
export function DesktopSidebar({ user, badges, mode }: { user: SessionUser; badges: MenuBadges; mode: DrawerMode }) {
  return (
    <aside
      id="app-drawer"
      data-mode={mode}
      className={cn(
        "group/side hidden shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-200 min-[600px]:flex",
        "data-[mode=auto]:w-[72px] data-[mode=auto]:min-[1200px]:w-64 data-[mode=expanded]:w-64 data-[mode=collapsed]:w-[72px]",
      )}
    >
      <Brand collapsible />
      <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto">
        <NavList user={user} badges={badges} collapsible />
      </div>
      <Version collapsible />
    </aside>
  );
}
