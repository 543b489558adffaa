import { ArrowLeftRight, CalendarClock, CheckCircle2, MoreVertical, RotateCcw, Trash2, Undo2, UserCheck, WandSparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../../components/ui/Menu";
import type { TicketActions } from "../rules/ticketActions";
import "../texts";
import "../../../macros/texts";

export type TicketCommand = "reopen" | "accept" | "returnToQueue" | "resolve" | "transfer" | "delete";

/** The header's buttons by status; labels collapse to icons on phones. */
export function TicketActionsBar({
  actions,
  canDelete,
  compact,
  busy,
  onCommand,
  onSchedule,
  onMacros,
}: {
  actions: TicketActions;
  canDelete: boolean;
  /** A narrow panel (phones): "Retornar" and "Transferir" move into the options menu. */
  compact: boolean;
  busy: TicketCommand | null;
  onCommand: (command: TicketCommand) => void;
  /** Opens the schedule dialog for this contact (spec 000: the options menu's "schedule"); absent when the plan has none. */
  onSchedule?: () => void;
  /** Opens the macro picker (issue 26 §3). */
  onMacros?: () => void;
}) {
  const { t } = useTranslation();
  const label = "sr-only @xl:not-sr-only";
  // Returning and transferring keep only their icons (and titles) until the panel is wide: the contact's name first.
  const secondary = "sr-only @3xl:not-sr-only";
  const returnInMenu = compact && actions.returnToQueue;
  const transferInMenu = compact && actions.transfer;
  const showMenu = transferInMenu || canDelete || returnInMenu || !!onSchedule || !!onMacros;
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      {actions.reopen ? (
        <Button size="sm" onClick={() => onCommand("reopen")} loading={busy === "reopen"} disabled={!!busy}>
          {busy !== "reopen" ? <RotateCcw className="size-4" aria-hidden /> : null}
          <span className={label}>{t("ticketChat.actions.reopen")}</span>
        </Button>
      ) : null}
      {actions.accept ? (
        <Button size="sm" onClick={() => onCommand("accept")} loading={busy === "accept"} disabled={!!busy}>
          {busy !== "accept" ? <UserCheck className="size-4" aria-hidden /> : null}
          <span className={label}>{t("ticketChat.actions.accept")}</span>
        </Button>
      ) : null}
      {actions.returnToQueue && !returnInMenu ? (
        <Button size="sm" variant="outline" onClick={() => onCommand("returnToQueue")} loading={busy === "returnToQueue"} disabled={!!busy} title={t("ticketChat.actions.return")}>
          {busy !== "returnToQueue" ? <Undo2 className="size-4" aria-hidden /> : null}
          <span className={secondary}>{t("ticketChat.actions.return")}</span>
        </Button>
      ) : null}
      {actions.transfer && !transferInMenu ? (
        <Button size="sm" variant="outline" onClick={() => onCommand("transfer")} disabled={!!busy} title={t("ticketChat.actions.transfer")}>
          <ArrowLeftRight className="size-4" aria-hidden />
          <span className={secondary}>{t("ticketChat.actions.transfer")}</span>
        </Button>
      ) : null}
      {actions.resolve ? (
        <Button size="sm" className="max-sm:min-w-11" onClick={() => onCommand("resolve")} loading={busy === "resolve"} disabled={!!busy}>
          {busy !== "resolve" ? <CheckCircle2 className="size-4" aria-hidden /> : null}
          <span className={label}>{t("ticketChat.actions.resolve")}</span>
        </Button>
      ) : null}
      {showMenu ? (
        <Menu>
          <MenuTrigger
            aria-label={t("ticketChat.actions.options")}
            className="inline-flex size-9 max-sm:size-11 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
          >
            <MoreVertical className="size-5" aria-hidden />
          </MenuTrigger>
          <MenuContent>
            {onMacros ? (
              <MenuItem onSelect={onMacros}>
                <WandSparkles className="size-4 text-muted" aria-hidden />
                {t("macros.run.menu")}
              </MenuItem>
            ) : null}
            {onSchedule ? (
              <MenuItem onSelect={onSchedule}>
                <CalendarClock className="size-4 text-muted" aria-hidden />
                {t("ticketChat.actions.schedule")}
              </MenuItem>
            ) : null}
            {returnInMenu ? (
              <MenuItem onSelect={() => onCommand("returnToQueue")}>
                <Undo2 className="size-4 text-muted" aria-hidden />
                {t("ticketChat.actions.return")}
              </MenuItem>
            ) : null}
            {transferInMenu ? (
              <MenuItem onSelect={() => onCommand("transfer")}>
                <ArrowLeftRight className="size-4 text-muted" aria-hidden />
                {t("ticketChat.actions.transfer")}
              </MenuItem>
            ) : null}
            {canDelete ? (
              <MenuItem onSelect={() => onCommand("delete")} className="text-danger">
                <Trash2 className="size-4" aria-hidden />
                {t("ticketChat.actions.delete")}
              </MenuItem>
            ) : null}
          </MenuContent>
        </Menu>
      ) : null}
    </div>
  );
}
