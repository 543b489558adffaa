import { formatDistanceToNowStrict } from "date-fns";
import { ConsentBadge } from "../consent/ContactConsent";
import { BotOff, ContactRound, Download, EllipsisVertical, MessageSquarePlus, Pencil, ShieldX, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { cn } from "../../components/ui/cn";
import { Skeleton } from "../../components/ui/Spinner";
import { dateLocale } from "../../lib/dateLocale";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { formatPhone } from "../../lib/phone";
import { initials } from "./phone";
import type { ContactRow } from "./types";
import "./texts";

/** A native checkbox (keyboard and screen readers for free), tinted with the brand colour. */
export function Checkbox({
  checked,
  indeterminate = false,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    // Phones: the label around it is a finger's 44 px, its margin taking the room back from the layout.
    <label className="inline-flex cursor-pointer items-center justify-center max-sm:-m-3.5 max-sm:p-3.5">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
        className="size-4 cursor-pointer rounded accent-brand disabled:cursor-not-allowed"
      />
    </label>
  );
}

function Avatar({ contact }: { contact: ContactRow }) {
  const [broken, setBroken] = useState(false);
  const url = contact.profilePicUrl && !broken ? contact.profilePicUrl : null;
  return (
    <span className="inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-3 text-xs font-semibold text-muted">
      {url ? (
        <img src={url} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(true)} className="size-full object-cover" />
      ) : (
        <span aria-hidden>{initials(contact.name)}</span>
      )}
    </span>
  );
}

function LastInteraction({ value }: { value: ContactRow["lastInteractionAt"] }) {
  const { t, i18n } = useTranslation();
  const clock = useCompanyTime();
  if (value === null || value === undefined || value === "") return <span className="text-subtle">{t("contacts.never")}</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className="text-subtle">{t("contacts.never")}</span>;
  return (
    <time dateTime={date.toISOString()} title={clock.dateTime(date)}>
      {formatDistanceToNowStrict(date, { addSuffix: true, locale: dateLocale(i18n.language) })}
    </time>
  );
}

function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        active ? "bg-brand-soft text-brand-text" : "bg-surface-3 text-muted",
      )}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", active ? "bg-brand" : "bg-subtle")} />
      {active ? t("contacts.active") : t("contacts.inactive")}
    </span>
  );
}

export interface ContactsTableProps {
  contacts: ContactRow[];
  loaded: boolean;
  loadingMore: boolean;
  searching: boolean;
  /** Checkboxes appear only for users who may act on a selection (bulk delete). */
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  mayDelete: boolean;
  onStartTicket: (contact: ContactRow) => void;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
  /** A contact's data (issue 28): shown to users with contacts:privacy. */
  privacy?: { onExport: (contact: ContactRow) => void; onErase: (contact: ContactRow) => void };
}

export function ContactsTable({
  contacts,
  loaded,
  loadingMore,
  searching,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  mayDelete,
  onStartTicket,
  onEdit,
  onDelete,
  privacy,
}: ContactsTableProps) {
  const { t } = useTranslation();
  const allSelected = contacts.length > 0 && contacts.every((c) => selected.has(c.id));
  const someSelected = !allSelected && contacts.some((c) => selected.has(c.id));
  const columns: (Column<ContactRow> | false)[] = [
    selectable && {
      header: <Checkbox checked={allSelected} indeterminate={someSelected} onChange={onToggleAll} disabled={!loaded} label={t("contacts.selectAll")} />,
      className: "w-10 pr-0",
      skeleton: <Skeleton className="size-4" />,
      cell: (contact) => (
        <Checkbox checked={selected.has(contact.id)} onChange={(checked) => onToggle(contact.id, checked)} label={t("contacts.select", { name: contact.name })} />
      ),
    },
    {
      header: t("contacts.columns.name"),
      className: "px-3!",
      skeleton: (
        <div className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24 @xl:hidden" />
          </div>
        </div>
      ),
      cell: (contact) => <ContactNameCell contact={contact} />,
    },
    {
      header: t("contacts.columns.number"),
      className: "hidden w-48 px-3! whitespace-nowrap @xl:table-cell",
      cellClassName: "text-muted tabular-nums",
      skeleton: <Skeleton className="h-4 w-36" />,
      cell: (contact) => formatPhone(contact.number),
    },
    {
      header: t("contacts.columns.email"),
      className: "hidden px-3! @min-[56rem]:table-cell",
      cellClassName: "text-muted",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (contact) => (
        <span className="block truncate" title={contact.email || undefined}>
          {contact.email || <span className="text-subtle">—</span>}
        </span>
      ),
    },
    {
      header: t("contacts.columns.lastInteraction"),
      className: "hidden w-32 px-3! @2xl:table-cell",
      cellClassName: "truncate text-muted",
      skeleton: <Skeleton className="h-4 w-24" />,
      cell: (contact) => <LastInteraction value={contact.lastInteractionAt} />,
    },
    {
      header: t("consent.filter"),
      className: "hidden w-40 px-3! @min-[76rem]:table-cell",
      skeleton: <Skeleton className="h-5 w-24 rounded-full" />,
      cell: (contact) => <ConsentBadge state={contact.marketingConsent ?? "unknown"} />,
    },
    {
      header: t("contacts.columns.status"),
      className: "hidden w-24 px-3! @min-[60rem]:table-cell",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (contact) => <StatusChip active={contact.active} />,
    },
    {
      header: <span className="sr-only @xl:not-sr-only">{t("contacts.columns.actions")}</span>,
      // Five icons for an admin (start, export, erase, edit, delete): a narrower cell spills them over the status.
      className: privacy ? "w-12 pl-0 text-right @xl:w-44" : "w-12 pl-0 text-right @xl:w-28",
      skeleton: <Skeleton className="ml-auto h-8 w-8 @xl:w-24" />,
      cell: (contact) => <ContactRowActions contact={contact} mayDelete={mayDelete} onStartTicket={onStartTicket} onEdit={onEdit} onDelete={onDelete} privacy={privacy} />,
    },
  ];
  return (
    <ListTable
      className="table-fixed"
      rows={contacts}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={8}
      rowProps={(contact) => ({ className: cn(selected.has(contact.id) && "bg-brand-soft/50 hover:bg-brand-soft/70") })}
      empty={{
        icon: ContactRound,
        title: searching ? t("contacts.emptySearch") : t("contacts.empty"),
        description: searching ? t("contacts.emptySearchHint") : t("contacts.emptyHint"),
      }}
    />
  );
}

function ContactNameCell({ contact }: { contact: ContactRow }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar contact={contact} />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-1.5 font-medium">
          {/* A long name wraps: the name is what the row is for. */}
          <span className="min-w-0 break-words">{contact.name}</span>
          {contact.disableBot ? <BotOff className="size-3.5 shrink-0 text-subtle" aria-label={t("contacts.botDisabled")} role="img" /> : null}
          {!contact.active ? (
            <span className="shrink-0 rounded-full bg-surface-3 px-1.5 text-[0.6875rem] font-medium text-muted @min-[60rem]:hidden">{t("contacts.inactive")}</span>
          ) : null}
        </p>
        <p className="text-xs whitespace-nowrap text-muted tabular-nums @xl:hidden">{formatPhone(contact.number)}</p>
        {contact.email ? <p className="text-xs break-all text-subtle @min-[56rem]:hidden">{contact.email}</p> : null}
        {contact.marketingConsent === "revoked" ? (
          <p className="@min-[76rem]:hidden">
            <ConsentBadge state="revoked" />
          </p>
        ) : null}
        <p className="truncate text-xs text-subtle @2xl:hidden">
          <span className="sr-only">{t("contacts.columns.lastInteraction")}: </span>
          <LastInteraction value={contact.lastInteractionAt} />
        </p>
      </div>
    </div>
  );
}

/** Start a ticket, edit, delete: icons on wide lists; narrow lists fold them into one menu, so the name keeps its room. */
function ContactRowActions({
  contact,
  mayDelete,
  onStartTicket,
  onEdit,
  onDelete,
  privacy,
}: {
  contact: ContactRow;
  mayDelete: boolean;
  onStartTicket: (contact: ContactRow) => void;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
  privacy?: ContactsTableProps["privacy"];
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex justify-end @xl:hidden">
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={t("contacts.actionsFor", { name: contact.name })}>
              <EllipsisVertical className="size-4" aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => onStartTicket(contact)}>
              <MessageSquarePlus className="size-4 text-muted" aria-hidden />
              {t("contacts.startTicket")}
            </MenuItem>
            <MenuItem onSelect={() => onEdit(contact)}>
              <Pencil className="size-4 text-muted" aria-hidden />
              {t("common.edit")}
            </MenuItem>
            {privacy ? (
              <>
                <MenuItem onSelect={() => privacy.onExport(contact)}>
                  <Download className="size-4 text-muted" aria-hidden />
                  {t("contactPrivacy.export")}
                </MenuItem>
                <MenuItem onSelect={() => privacy.onErase(contact)} className="text-danger">
                  <ShieldX className="size-4" aria-hidden />
                  {t("contactPrivacy.erase")}
                </MenuItem>
              </>
            ) : null}
            {mayDelete ? (
              <MenuItem onSelect={() => onDelete(contact)} className="text-danger">
                <Trash2 className="size-4" aria-hidden />
                {t("common.delete")}
              </MenuItem>
            ) : null}
          </MenuContent>
        </Menu>
      </div>
      <div className="hidden @xl:block">
        <RowActions name={contact.name} onEdit={() => onEdit(contact)} onDelete={mayDelete ? () => onDelete(contact) : undefined}>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onStartTicket(contact)}
            aria-label={t("contacts.startTicketFor", { name: contact.name })}
            title={t("contacts.startTicket")}
            className="hover:text-brand-text"
          >
            <MessageSquarePlus className="size-4" aria-hidden />
          </Button>
          {privacy ? (
            <>
              <Button variant="ghost" size="icon-sm" onClick={() => privacy.onExport(contact)} aria-label={`${t("contactPrivacy.export")}: ${contact.name}`} title={t("contactPrivacy.export")}>
                <Download className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="icon-sm" onClick={() => privacy.onErase(contact)} aria-label={`${t("contactPrivacy.erase")}: ${contact.name}`} title={t("contactPrivacy.erase")} className="hover:text-danger">
                <ShieldX className="size-4" aria-hidden />
              </Button>
            </>
          ) : null}
        </RowActions>
      </div>
    </>
  );
}
