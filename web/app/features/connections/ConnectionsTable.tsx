import { TZDate } from "@date-fns/tz";
import { format, parseISO } from "date-fns";
import { Link } from "@remix-run/react";
import { EllipsisVertical, FileText, KeyRound, Pencil, Power, QrCode, RotateCw, Smartphone, Star, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowAction, RowActions, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { formatPhone } from "../../lib/phone";
import { ChannelBadge } from "./CloudFields";
import { HealthLine } from "./HealthLine";
import { StatusBadge } from "./status";
import type { ConnectionRow } from "./types";
import "./texts";

export interface ConnectionActions {
  onQr: (row: ConnectionRow) => void;
  onStart: (row: ConnectionRow) => void;
  onNewQr: (row: ConnectionRow) => void;
  onRestart: (row: ConnectionRow) => void;
  onDisconnect: (row: ConnectionRow) => void;
  onEdit: (row: ConnectionRow) => void;
  /** A cloud connection whose token Meta refused: the dialog, for a new one. */
  onNewToken: (row: ConnectionRow) => void;
  onDelete: (row: ConnectionRow) => void;
  /** A connection WhatsApp refused: add the number through the official API (absent for those who may not add). */
  onOfficialApi?: (row: ConnectionRow) => void;
}

/** A cloud connection whose token Meta no longer accepts (ADR 0050): an admin must enter a new one. */
export const tokenExpired = (row: ConnectionRow) => row.channel === "cloud" && row.cloud?.error === "ERR_WAPP_TOKEN_EXPIRED";

/** Where a cloud connection's message templates are managed. */
export const templatesPath = (row: Pick<ConnectionRow, "id">) => `/connections/${row.id}/templates`;

/** Spec 001 §9: connections show dates as dd/MM/yy HH:mm, here in the company's time zone. */
function formatUpdatedAt(iso: string, timeZone: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? "" : format(new TZDate(date.getTime(), timeZone), "dd/MM/yy HH:mm");
}

export function ConnectionsTable({
  items,
  loaded,
  timeZone,
  busy,
  mayAct,
  mayEdit,
  actions,
}: {
  items: ConnectionRow[];
  loaded: boolean;
  timeZone: string;
  /** Rows with a session command on its way (their buttons wait). */
  busy: Set<number>;
  /** connections-page:actionButtons: the session column and restart/disconnect. */
  mayAct: boolean;
  /** connections-page:editOrDeleteConnection. */
  mayEdit: boolean;
  actions: ConnectionActions;
}) {
  const { t } = useTranslation();
  const numberOf = (row: ConnectionRow) => (row.number ? formatPhone(row.number) : t("connections.noNumber"));
  const columns: (Column<ConnectionRow> | false)[] = [
    {
      header: t("connections.columns.name"),
      // On a phone the name cell holds the whole number and the status in words: two connections never look alike.
      cellClassName: "min-w-32",
      skeleton: <Skeleton className="h-4 w-32" />,
      cell: (row) => (
        <>
          <div className="flex min-w-0 items-center gap-1.5">
            <span className="font-medium break-words">{row.name}</span>
            {row.isDefault ? <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400 sm:hidden" aria-label={t("connections.defaultConnection")} /> : null}
          </div>
          <ChannelBadge channel={row.channel ?? "baileys"} className="mt-1" />
          <p className="mt-0.5 text-xs whitespace-nowrap text-muted tabular-nums md:hidden">{numberOf(row)}</p>
          <span className="mt-1.5 flex flex-col items-start gap-1 sm:hidden">
            <StatusBadge status={row.status} />
            {tokenExpired(row) ? <TokenExpiredNote /> : null}
            <HealthLine row={row} onOfficialApi={actions.onOfficialApi && (() => actions.onOfficialApi!(row))} />
          </span>
        </>
      ),
    },
    {
      header: t("connections.columns.number"),
      className: "hidden md:table-cell",
      cellClassName: "whitespace-nowrap text-muted tabular-nums",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: numberOf,
    },
    {
      header: t("connections.columns.status"),
      className: "hidden sm:table-cell",
      skeleton: <Skeleton className="h-6 w-24 rounded-full" />,
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={row.status} />
          {tokenExpired(row) ? <TokenExpiredNote /> : null}
          <HealthLine row={row} onOfficialApi={actions.onOfficialApi && (() => actions.onOfficialApi!(row))} />
        </div>
      ),
    },
    mayAct && {
      header: t("connections.columns.session"),
      skeleton: <Skeleton className="h-8 w-24" />,
      cell: (row) => <SessionButtons row={row} busy={busy.has(row.id)} actions={actions} />,
    },
    {
      header: t("connections.columns.updatedAt"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap text-muted tabular-nums",
      cell: (row) => <time dateTime={row.updatedAt}>{formatUpdatedAt(row.updatedAt, timeZone)}</time>,
    },
    {
      header: t("connections.columns.isDefault"),
      className: "hidden text-center sm:table-cell",
      skeleton: <Skeleton className="mx-auto size-4" />,
      cell: (row) => (row.isDefault ? <Star className="mx-auto size-4 fill-amber-400 text-amber-400" aria-label={t("connections.defaultConnection")} /> : null),
    },
    (mayAct || mayEdit) && {
      header: <span className="sr-only sm:not-sr-only">{t("connections.columns.actions")}</span>,
      className: "w-12 text-right sm:w-auto",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-20" />,
      cell: (row) => <ConnectionRowActions row={row} mayAct={mayAct} mayEdit={mayEdit} busy={busy.has(row.id)} actions={actions} />,
    },
  ];
  return (
    <ListTable
      rows={items}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={3}
      empty={{ icon: Smartphone, title: t("connections.empty"), description: t("connections.emptyHint") }}
    />
  );
}

/** The session column (spec 001 §4): what can be done with the session in its current state. */
function SessionButtons({ row, busy, actions }: { row: ConnectionRow; busy: boolean; actions: ConnectionActions }) {
  const { t } = useTranslation();
  const small = "h-8 px-2.5 text-xs";
  // A cloud number has no QR: "check again" asks Meta whether its token still works; an expired one needs a new token.
  if (row.channel === "cloud") {
    if (row.status === "CONNECTED") return null;
    return (
      <div className="flex flex-wrap gap-1.5">
        {tokenExpired(row) ? (
          <Button size="sm" className={small} onClick={() => actions.onNewToken(row)} disabled={busy}>
            <KeyRound className="size-3.5" aria-hidden />
            {t("connections.buttons.newToken")}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" className={small} onClick={() => actions.onStart(row)} loading={busy}>
          {t("connections.buttons.checkAgain")}
        </Button>
      </div>
    );
  }
  switch (row.status) {
    case "qrcode":
      return (
        <Button size="sm" className={small} onClick={() => actions.onQr(row)} disabled={busy}>
          <QrCode className="size-3.5" aria-hidden />
          {t("connections.buttons.qrcode")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" variant="outline" className={small} onClick={() => actions.onStart(row)} loading={busy}>
            {t("connections.buttons.tryAgain")}
          </Button>
          <Button size="sm" variant="outline" className={small} onClick={() => actions.onNewQr(row)} disabled={busy}>
            {t("connections.buttons.newQr")}
          </Button>
        </div>
      );
    case "PAIRING":
    case "TIMEOUT":
      return (
        <Button size="sm" variant="dangerOutline" className={small} onClick={() => actions.onDisconnect(row)} disabled={busy}>
          {t("connections.buttons.disconnect")}
        </Button>
      );
    case "OPENING":
      return (
        <Button size="sm" variant="outline" className={small} disabled>
          <Spinner />
          {t("connections.buttons.connecting")}
        </Button>
      );
    default:
      return null;
  }
}

/** Restart, disconnect, edit, delete: icons from the small breakpoint up, one menu on phones. */
function ConnectionRowActions({ row, mayAct, mayEdit, busy, actions }: { row: ConnectionRow; mayAct: boolean; mayEdit: boolean; busy: boolean; actions: ConnectionActions }) {
  const { t } = useTranslation();
  const cloud = row.channel === "cloud";
  const canDisconnect = mayAct && !cloud && row.status !== "DISCONNECTED";
  const restartLabel = cloud ? t("connections.buttons.checkAgain") : t("connections.buttons.restart");
  const onRestart = () => (cloud ? actions.onStart(row) : actions.onRestart(row));
  const templates = mayEdit && cloud;
  return (
    <>
      <div className="hidden sm:block">
        <RowActions name={row.name} onEdit={mayEdit ? () => actions.onEdit(row) : undefined} onDelete={mayEdit ? () => actions.onDelete(row) : undefined}>
          {templates ? <RowAction icon={FileText} label={t("connections.buttons.templates")} name={row.name} to={templatesPath(row)} /> : null}
          {mayAct ? <RowAction icon={RotateCw} label={restartLabel} name={row.name} onClick={onRestart} disabled={busy} /> : null}
          {canDisconnect ? (
            <RowAction icon={Power} label={t("connections.buttons.disconnect")} name={row.name} onClick={() => actions.onDisconnect(row)} disabled={busy} danger />
          ) : null}
        </RowActions>
      </div>
      <div className="flex justify-end sm:hidden">
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`${t("connections.columns.actions")} ${row.name}`}>
              <EllipsisVertical className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            {templates ? (
              <MenuItem asChild>
                <Link to={templatesPath(row)}>
                  <FileText className="size-4" aria-hidden />
                  {t("connections.buttons.templates")}
                </Link>
              </MenuItem>
            ) : null}
            {mayAct ? (
              <MenuItem onSelect={onRestart} disabled={busy}>
                <RotateCw className="size-4" aria-hidden />
                {restartLabel}
              </MenuItem>
            ) : null}
            {canDisconnect ? (
              <MenuItem onSelect={() => actions.onDisconnect(row)} disabled={busy}>
                <Power className="size-4" aria-hidden />
                {t("connections.buttons.disconnect")}
              </MenuItem>
            ) : null}
            {mayEdit ? (
              <>
                <MenuItem onSelect={() => actions.onEdit(row)}>
                  <Pencil className="size-4" aria-hidden />
                  {t("common.edit")}
                </MenuItem>
                <MenuItem onSelect={() => actions.onDelete(row)} className="text-danger">
                  <Trash2 className="size-4" aria-hidden />
                  {t("common.delete")}
                </MenuItem>
              </>
            ) : null}
          </MenuContent>
        </Menu>
      </div>
    </>
  );
}

/** An expired Meta token, said plainly under the status (its hint is the way out). */
function TokenExpiredNote() {
  const { t } = useTranslation();
  return (
    <span className="text-xs font-medium text-danger" title={t("connections.tokenExpiredHint")}>
      {t("connections.tokenExpired")}
    </span>
  );
}
