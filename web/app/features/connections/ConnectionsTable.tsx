import { TZDate } from "@date-fns/tz";
import { format, parseISO } from "date-fns";
import { EllipsisVertical, Pencil, Power, QrCode, RotateCw, Smartphone, Star, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { EmptyState } from "../../components/ui/EmptyState";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { formatPhone } from "../../lib/phone";
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
  onDelete: (row: ConnectionRow) => void;
}

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
  if (loaded && items.length === 0) {
    return <EmptyState icon={Smartphone} title={t("connections.empty")} description={t("connections.emptyHint")} />;
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th>{t("connections.columns.name")}</Th>
          <Th className="hidden md:table-cell">{t("connections.columns.number")}</Th>
          <Th className="hidden sm:table-cell">{t("connections.columns.status")}</Th>
          {mayAct ? <Th>{t("connections.columns.session")}</Th> : null}
          <Th className="hidden lg:table-cell">{t("connections.columns.updatedAt")}</Th>
          <Th className="hidden text-center sm:table-cell">{t("connections.columns.isDefault")}</Th>
          {mayAct || mayEdit ? (
            <Th className="w-12 text-right sm:w-auto">
              <span className="sr-only sm:not-sr-only">{t("connections.columns.actions")}</span>
            </Th>
          ) : null}
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 3 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-4 w-32" />
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="h-4 w-28" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-6 w-24 rounded-full" />
                </Td>
                {mayAct ? (
                  <Td>
                    <Skeleton className="h-8 w-24" />
                  </Td>
                ) : null}
                <Td className="hidden lg:table-cell">
                  <Skeleton className="h-4 w-24" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="mx-auto size-4" />
                </Td>
                {mayAct || mayEdit ? (
                  <Td>
                    <Skeleton className="ml-auto h-8 w-20" />
                  </Td>
                ) : null}
              </Tr>
            ))
          : items.map((row) => (
              <Tr key={row.id}>
                {/* On a phone the name cell holds the whole number and the status in words: two connections never look alike. */}
                <Td className="min-w-32">
                  <div className="flex min-w-0 items-center gap-1.5">
                    <span className="font-medium break-words">{row.name}</span>
                    {row.isDefault ? (
                      <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400 sm:hidden" aria-label={t("connections.defaultConnection")} />
                    ) : null}
                  </div>
                  <p className="mt-0.5 text-xs whitespace-nowrap text-muted tabular-nums md:hidden">{row.number ? formatPhone(row.number) : t("connections.noNumber")}</p>
                  <span className="mt-1.5 flex sm:hidden">
                    <StatusBadge status={row.status} />
                  </span>
                </Td>
                <Td className="hidden whitespace-nowrap text-muted tabular-nums md:table-cell">
                  {row.number ? formatPhone(row.number) : t("connections.noNumber")}
                </Td>
                <Td className="hidden sm:table-cell">
                  <StatusBadge status={row.status} />
                </Td>
                {mayAct ? (
                  <Td>
                    <SessionButtons row={row} busy={busy.has(row.id)} actions={actions} />
                  </Td>
                ) : null}
                <Td className="hidden whitespace-nowrap text-muted tabular-nums lg:table-cell">
                  <time dateTime={row.updatedAt}>{formatUpdatedAt(row.updatedAt, timeZone)}</time>
                </Td>
                <Td className="hidden text-center sm:table-cell">
                  {row.isDefault ? (
                    <Star className="mx-auto size-4 fill-amber-400 text-amber-400" aria-label={t("connections.defaultConnection")} />
                  ) : null}
                </Td>
                {mayAct || mayEdit ? (
                  <Td className="pl-0">
                    <RowActions row={row} mayAct={mayAct} mayEdit={mayEdit} busy={busy.has(row.id)} actions={actions} />
                  </Td>
                ) : null}
              </Tr>
            ))}
      </TBody>
    </Table>
  );
}

/** The session column (spec 001 §4): what can be done with the session in its current state. */
function SessionButtons({ row, busy, actions }: { row: ConnectionRow; busy: boolean; actions: ConnectionActions }) {
  const { t } = useTranslation();
  const small = "h-8 px-2.5 text-xs";
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
        <Button size="sm" variant="outline" className={cn(small, "text-danger")} onClick={() => actions.onDisconnect(row)} disabled={busy}>
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
function RowActions({ row, mayAct, mayEdit, busy, actions }: { row: ConnectionRow; mayAct: boolean; mayEdit: boolean; busy: boolean; actions: ConnectionActions }) {
  const { t } = useTranslation();
  const canDisconnect = mayAct && row.status !== "DISCONNECTED";
  const label = (action: string) => `${action} ${row.name}`;
  return (
    <>
      <div className="hidden justify-end gap-0.5 sm:flex">
        {mayAct ? (
          <Button variant="ghost" size="icon-sm" onClick={() => actions.onRestart(row)} disabled={busy} aria-label={label(t("connections.buttons.restart"))} title={t("connections.buttons.restart")}>
            <RotateCw className="size-4" aria-hidden />
          </Button>
        ) : null}
        {canDisconnect ? (
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => actions.onDisconnect(row)}
            disabled={busy}
            aria-label={label(t("connections.buttons.disconnect"))}
            title={t("connections.buttons.disconnect")}
            className="hover:text-danger"
          >
            <Power className="size-4" aria-hidden />
          </Button>
        ) : null}
        {mayEdit ? (
          <>
            <Button variant="ghost" size="icon-sm" onClick={() => actions.onEdit(row)} aria-label={label(t("common.edit"))} title={t("common.edit")}>
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon-sm" onClick={() => actions.onDelete(row)} aria-label={label(t("common.delete"))} title={t("common.delete")} className="hover:text-danger">
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </>
        ) : null}
      </div>
      <div className="flex justify-end sm:hidden">
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={label(t("connections.columns.actions"))}>
              <EllipsisVertical className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            {mayAct ? (
              <MenuItem onSelect={() => actions.onRestart(row)} disabled={busy}>
                <RotateCw className="size-4" aria-hidden />
                {t("connections.buttons.restart")}
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
