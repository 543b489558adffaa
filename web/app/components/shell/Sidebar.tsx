import { useTranslation } from "react-i18next";
import { useAppVersion, type MenuBadges } from "../../lib/menu-badges";
import type { SessionUser } from "../../lib/session-user";
import { cn } from "../ui/cn";
import { collapsibleHide, collapsibleLabel, NavList } from "./NavList";
import { BrandMark, BrandName, UploadedLogo, useLogos } from "./BrandLogo";

export type DrawerMode = "auto" | "expanded" | "collapsed";

/** The platform's logo (Logo tab) or the built-in one; a collapsed menu shows the favicon or the built-in mark. */
export function Brand({ collapsible }: { collapsible: boolean }) {
  const logos = useLogos();
  const uploaded = !!(logos.light || logos.dark);
  return (
    <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-line px-5">
      {uploaded ? (
        <>
          <span className={cn("flex min-w-0 flex-1 items-center", collapsible && collapsibleHide)}>
            <UploadedLogo logos={logos} className="h-10 max-w-full" />
          </span>
          {collapsible ? (
            <span className="hidden group-data-[mode=collapsed]/side:flex group-data-[mode=auto]/side:max-[1199px]:flex">
              {logos.favicon ? <img src={logos.favicon} alt="" className="size-8 object-contain" /> : <BrandMark className="size-8" />}
            </span>
          ) : null}
        </>
      ) : (
        <>
          <BrandMark className="size-8" />
          <BrandName className={cn("text-lg", collapsible && collapsibleLabel)} />
        </>
      )}
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
