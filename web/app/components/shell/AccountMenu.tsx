import { Inbox, LogOut, Moon, RefreshCw, ShieldCheck, Sun, UserRound } from "lucide-react";
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../../lib/api";
import { lazyWhenOpen } from "../../lib/lazyWhenOpen";
import type { SessionUser } from "../../lib/session-user";
import { useTheme } from "../../lib/theme";
import { useAssignmentPause } from "../../features/users/useAssignmentPause";
import { Menu, MenuCheckboxItem, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from "../ui/Menu";

const ProfileDialog = lazyWhenOpen(
  () => import("../../features/profile/ProfileDialog").then((m) => m.ProfileDialog),
  (props) => props.open,
);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [profileOpen, setProfileOpen] = useState(false);
  const assignment = useAssignmentPause(user);
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();
  return (
    <>
      <Menu>
        <MenuTrigger
          title={t("shell.account")}
          className="ml-1 inline-flex size-9 max-sm:size-11 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-fg ring-offset-2 ring-offset-surface transition hover:brightness-105 data-[state=open]:ring-2 data-[state=open]:ring-brand"
        >
          {/* The avatar's letters are decoration and the name is "Minha conta", as text rather than aria-label: a label
              that leaves out the visible letters fails WCAG's label in name (axe) once a name has two initials. */}
          <span aria-hidden>{initials(user.name)}</span>
          <span className="sr-only">{t("shell.account")}</span>
        </MenuTrigger>
        <MenuContent className="w-60">
          <MenuLabel>
            <span className="block truncate text-sm font-semibold text-fg">{user.name}</span>
            <span className="block truncate">{user.email}</span>
          </MenuLabel>
          <MenuSeparator />
          {/* Only where it means something: the user is in a queue whose tickets are assigned automatically. */}
          {user.inAssigningQueue ? (
            <>
              <MenuCheckboxItem
                checked={assignment.receiving}
                disabled={assignment.saving}
                onCheckedChange={(on) => void assignment.receive(on)}
                onSelect={(event) => event.preventDefault()}
                data-testid="assignment-toggle"
              >
                <Inbox className="size-4 shrink-0 text-muted" aria-hidden />
                {t("shell.receiveTickets")}
              </MenuCheckboxItem>
              <MenuSeparator />
            </>
          ) : null}
          {/* Phones only: the top bar leaves these out to keep its buttons a finger's size (Topbar). */}
          <MenuItem onSelect={toggle} className="min-[600px]:hidden">
            {theme === "dark" ? <Sun className="size-4 text-muted" aria-hidden /> : <Moon className="size-4 text-muted" aria-hidden />}
            {theme === "dark" ? t("shell.themeLight") : t("shell.themeDark")}
          </MenuItem>
          <MenuItem onSelect={() => window.location.reload()} className="min-[600px]:hidden">
            <RefreshCw className="size-4 text-muted" aria-hidden />
            {t("shell.refresh")}
          </MenuItem>
          <MenuItem onSelect={() => setProfileOpen(true)}>
            <UserRound className="size-4 text-muted" aria-hidden />
            {t("shell.profile")}
          </MenuItem>
          <MenuItem onSelect={() => navigate("/security")}>
            <ShieldCheck className="size-4 text-muted" aria-hidden />
            {t("shell.security")}
          </MenuItem>
          <MenuItem onSelect={() => void logout()} className="text-danger">
            <LogOut className="size-4" aria-hidden />
            {t("shell.logout")}
          </MenuItem>
        </MenuContent>
      </Menu>
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} user={user} />
    </>
  );
}
