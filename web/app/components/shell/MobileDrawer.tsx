import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { MenuBadges } from "../../lib/menu-badges";
import type { SessionUser } from "../../lib/session-user";
import { NavList } from "./NavList";
import { Brand, Version } from "./Sidebar";

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
  // Close on navigation only (onOpenChange is a state setter). Not on mounting: the drawer's code loads when it is
  // first opened (lazyWhenOpen), so it mounts open, and closing it then would undo that first opening.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    onOpenChange(false);
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
