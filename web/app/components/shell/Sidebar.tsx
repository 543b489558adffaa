import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { MessageCircle, X } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAppVersion, type MenuBadges } from "../../lib/menu-badges";
import type { SessionUser } from "../../lib/session-user";
import { cn } from "../ui/cn";
import { collapsibleHide, collapsibleLabel, NavList } from "./NavList";

export type DrawerMode = "auto" | "expanded" | "collapsed";

function Brand({ collapsible }: { collapsible: boolean }) {
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

function Version({ collapsible }: { collapsible: boolean }) {
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

/** Under 600 px the drawer is temporary: it slides over the page and closes after navigating. */
export function MobileDrawer({
  user,
  badges,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  badges: MenuBadges;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    onOpenChange(false);
    // Close on navigation only (onOpenChange is a state setter).
  }, [location.pathname]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay animate-fade-in min-[600px]:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-panel animate-slide-in-left focus:outline-none min-[600px]:hidden"
        >
          <DialogPrimitive.Title className="sr-only">{t("shell.mainNav")}</DialogPrimitive.Title>
          <div className="relative">
            <Brand collapsible={false} />
            <DialogPrimitive.Close
              aria-label={t("shell.closeMenu")}
              className="absolute top-4 right-3 inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface-3"
            >
              <X className="size-4" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <NavList user={user} badges={badges} />
          </div>
          <Version collapsible={false} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
