import { NavLink, useLocation } from "@remix-run/react";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MenuBadges } from "../../lib/menu-badges";
import type { SessionUser } from "../../lib/session-user";
import { cn } from "../ui/cn";
import { adminMenu, mainMenu, visibleMenu, type MenuGroup, type MenuLink } from "./menu";

/**
 * Labels in the desktop drawer collapse to icons: explicitly (data-mode=collapsed) or, before the user chose,
 * below 1200 px (data-mode=auto). They stay readable by screen readers either way.
 */
const collapsibleLabel = "group-data-[mode=collapsed]/side:sr-only group-data-[mode=auto]/side:max-[1199px]:sr-only";
const collapsibleHide = "group-data-[mode=collapsed]/side:hidden group-data-[mode=auto]/side:max-[1199px]:hidden";

interface NavListProps {
  user: SessionUser;
  badges: MenuBadges;
  /** Desktop drawer: labels follow the collapse state. The phone drawer always shows them. */
  collapsible?: boolean;
}

export function NavList({ user, badges, collapsible = false }: NavListProps) {
  const { t } = useTranslation();
  const main = visibleMenu(user, mainMenu);
  const admin = visibleMenu(user, adminMenu);
  return (
    <nav aria-label={t("shell.mainNav")} className="flex flex-col gap-1 px-3 py-3">
      <ul className="flex flex-col gap-0.5">
        {main.map((entry) => (
          <li key={entry.kind === "link" ? entry.to : entry.id}>
            {entry.kind === "link" ? (
              <NavItem item={entry} badges={badges} collapsible={collapsible} />
            ) : (
              <NavGroupItem group={entry} badges={badges} collapsible={collapsible} />
            )}
          </li>
        ))}
      </ul>
      {admin.length > 0 ? (
        <>
          <div className="mx-2 my-2 h-px bg-line" role="presentation" />
          <p className={cn("px-3 pb-1 text-[11px] font-semibold tracking-wider text-subtle uppercase", collapsible && collapsibleLabel)}>
            {t("shell.adminSection")}
          </p>
          <ul className="flex flex-col gap-0.5">
            {admin.map((entry) => (
              <li key={entry.kind === "link" ? entry.to : entry.id}>
                {entry.kind === "link" ? (
                  <NavItem item={entry} badges={badges} collapsible={collapsible} />
                ) : (
                  <NavGroupItem group={entry} badges={badges} collapsible={collapsible} />
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}

function NavItem({ item, badges, collapsible, nested }: { item: MenuLink; badges: MenuBadges; collapsible: boolean; nested?: boolean }) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const Icon = item.icon;
  const badge = item.badge ? badges[item.badge] : false;
  return (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      prefetch="intent"
      title={collapsible ? label : undefined}
      className={({ isActive }) =>
        cn(
          "group/item relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
          nested && !collapsible && "pl-9",
          isActive ? "bg-brand-soft text-brand-text" : "text-muted hover:bg-surface-3 hover:text-fg",
        )
      }
    >
      {({ isActive }) => (
        <>
          {isActive ? <span aria-hidden className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-brand" /> : null}
          <span className="relative shrink-0">
            <Icon className="size-5" aria-hidden />
            {badge ? <Badge kind={item.badge!} /> : null}
          </span>
          <span className={cn("truncate", collapsible && collapsibleLabel)}>{label}</span>
          {badge && item.badge === "connections" ? (
            <span className="sr-only">{t("shell.connectionsAlert")}</span>
          ) : badge ? (
            <span className="sr-only">{t("shell.unreadChats")}</span>
          ) : null}
        </>
      )}
    </NavLink>
  );
}

function Badge({ kind }: { kind: "connections" | "chats" }) {
  if (kind === "connections") {
    return (
      <span aria-hidden className="absolute -top-1.5 -right-2 flex size-4 items-center justify-center rounded-full bg-danger text-[10px] font-bold text-danger-fg">
        !
      </span>
    );
  }
  return <span aria-hidden className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-brand ring-2 ring-surface" />;
}

function NavGroupItem({ group, badges, collapsible }: { group: MenuGroup; badges: MenuBadges; collapsible: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const within = group.children.some((c) => location.pathname.startsWith(c.to));
  const [open, setOpen] = useState(within);
  const listId = useId();
  const Icon = group.icon;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        title={collapsible ? t(group.labelKey) : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          "flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
          within ? "text-brand-text" : "text-muted hover:bg-surface-3 hover:text-fg",
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden />
        <span className={cn("flex-1 truncate text-left", collapsible && collapsibleLabel)}>{t(group.labelKey)}</span>
        <ChevronDown
          aria-hidden
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-180", collapsible && collapsibleHide)}
        />
      </button>
      {open ? (
        <ul id={listId} className="mt-0.5 flex flex-col gap-0.5">
          {group.children.map((child) => (
            <li key={child.to}>
              <NavItem item={child} badges={badges} collapsible={collapsible} nested />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export { collapsibleHide, collapsibleLabel };
