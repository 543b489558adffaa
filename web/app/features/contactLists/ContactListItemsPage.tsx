import { Link } from "@remix-run/react";
import { ArrowLeft, CircleCheck, Plus, Tags, Upload, Users } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { type Column, InfiniteScroller, ListTable, RowActions, SEARCH_DEBOUNCE_MS, SearchField, usePagedList, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Select";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { formatPhone } from "../../lib/phone";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
import { useRouteId } from "../../lib/routeIds";
import { useSessionUser } from "../../lib/session-user";
import { ImportDialog, type ImportTarget } from "../contacts/ImportDialog";
import { deleteContactListItem, getContactList, importContactListRows, listContactListItems, uploadContactListSheet } from "./api";
import { AddTagDialog } from "./AddTagDialog";
import { ContactListItemDialog } from "./ContactListDialogs";
import type { ContactListItemRow, ContactListRow, WhatsappCheckFilter } from "./types";
import { useContactListCheck, WhatsappCheckButton, WhatsappCheckIcon, WhatsappCheckProgress } from "./WhatsappCheck";
import "./texts";

const ALL = "all";
const CHECK_FILTERS: WhatsappCheckFilter[] = ["valid", "invalid", "unknown", "unchecked"];

/** /contact-lists/:id/contacts (spec 002): a list's recipients, with import, add by tag, and one by one. */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const contactListId = useRouteId("contactListId");
  const [contactList, setContactList] = useState<ContactListRow | null>(null);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [checkFilter, setCheckFilter] = useState<WhatsappCheckFilter | null>(null);
  const fetchPage = useCallback(
    (params: { searchParam: string; pageNumber: number }) => listContactListItems(contactListId, { ...params, whatsappCheck: checkFilter }),
    [contactListId, checkFilter],
  );
  const list = usePagedList<ContactListItemRow>(`${contactListId}\u0000${search}\u0000${checkFilter ?? ""}`, (p) => fetchPage({ ...p, searchParam: search }));
  const [check, setCheck] = useContactListCheck(contactListId);
  const [editing, setEditing] = useState<{ item: ContactListItemRow | null } | null>(null);
  const deletion = useRowDeletion((row: ContactListItemRow) => deleteContactListItem(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("contactLists.items.deleted"),
  });
  const [importing, setImporting] = useState(false);
  const [addingTag, setAddingTag] = useState(false);
  const mayDelete = can(user, "contacts-page:deleteContact");

  useEffect(() => {
    getContactList(contactListId).then(setContactList).catch(toastError);
  }, [contactListId]);
  useRealtimeEvent("contactList", (event) => {
    if (event.action !== "delete" && event.contactList.id === contactListId) setContactList(event.contactList);
  });
  useRealtimeEvent("contactListItem", (event) => {
    if (event.action === "reload") {
      if (event.contactListId === contactListId) list.refresh();
    } else if (event.action === "delete") list.remove(event.itemId);
    else if (event.item.contactListId === contactListId) {
      if (list.has(event.item.id)) list.upsert(event.item);
      else if (event.action === "create") list.refresh();
    }
  });
  const target = useMemo<ImportTarget>(
    () => ({ upload: (file, name) => uploadContactListSheet(contactListId, file, name), importRows: (rows) => importContactListRows(contactListId, rows) }),
    [contactListId],
  );
  const columns: Column<ContactListItemRow>[] = [
    {
      header: (
        <>
          <span className="sr-only">{t("contactLists.items.columns.valid")}</span>
          <CircleCheck className="mx-auto size-4" aria-hidden />
        </>
      ),
      className: "w-12 text-center",
      skeleton: <Skeleton className="mx-auto size-4 rounded-full" />,
      cell: (item) => <WhatsappCheckIcon item={item} />,
    },
    {
      header: t("contactLists.items.columns.name"),
      cellClassName: "max-w-0",
      skeleton: <Skeleton className="h-4 w-36" />,
      cell: (item) => {
        const variables = Object.entries(item.variables ?? {});
        return (
          <>
            <p className="truncate font-medium">{item.name}</p>
            <p className="truncate text-xs text-subtle tabular-nums sm:hidden">{formatPhone(item.number)}</p>
            {variables.length > 0 ? (
              <p className="mt-0.5 truncate text-xs text-muted" title={t("contactLists.items.variables")}>
                {variables.map(([k, v]) => `{${k}}: ${v}`).join(" · ")}
              </p>
            ) : null}
          </>
        );
      },
    },
    {
      header: t("contactLists.items.columns.number"),
      className: "hidden sm:table-cell",
      cellClassName: "tabular-nums",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (item) => formatPhone(item.number),
    },
    {
      header: t("contactLists.items.columns.email"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-0 truncate text-muted",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (item) => item.email,
    },
    {
      header: t("contactLists.items.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (item) => <RowActions name={item.name} onEdit={() => setEditing({ item })} onDelete={mayDelete ? () => deletion.ask(item) : undefined} />,
    },
  ];

  return (
    <PageFrame className="h-full min-h-0 max-w-6xl">
      <Link to="/contact-lists" className="mb-1 inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-4" aria-hidden />
        {t("contactLists.items.back")}
      </Link>
      <PageHeader
        title={contactList?.name ?? "…"}
        count={list.loaded ? list.count : undefined}
        actions={
          <>
            {/*
              The buttons beside the title, the filters on a row of their own: "Adicionar contato" never wraps alone.
              Between phone and wide desktop the import and tag buttons keep only their icons (and titles).
            */}
            <WhatsappCheckButton contactListId={contactListId} check={check} onStarted={setCheck} />
            <Button variant="outline" onClick={() => setImporting(true)} className="w-full sm:w-auto" title={t("contactLists.items.import")}>
              <Upload className="size-4" aria-hidden />
              <span className="sm:max-xl:sr-only">{t("contactLists.items.import")}</span>
            </Button>
            <Button variant="outline" onClick={() => setAddingTag(true)} className="w-full sm:w-auto" title={t("contactLists.items.addTag")}>
              <Tags className="size-4" aria-hidden />
              <span className="sm:max-xl:sr-only">{t("contactLists.items.addTag")}</span>
            </Button>
            <Button onClick={() => setEditing({ item: null })} className="w-full sm:w-auto">
              <Plus className="size-4" aria-hidden />
              {t("contactLists.items.add")}
            </Button>
          </>
        }
        className="[&>div]:w-full sm:[&>div]:w-auto"
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchField value={searchInput} onChange={setSearchInput} placeholder={t("contactLists.items.searchPlaceholder")} />
        <div className="w-full sm:w-44">
          <Select
            aria-label={t("contactLists.items.check.filter")}
            value={checkFilter ?? ALL}
            onValueChange={(v) => setCheckFilter(v === ALL ? null : (v as WhatsappCheckFilter))}
            options={[{ value: ALL, label: t("contactLists.items.check.all") }, ...CHECK_FILTERS.map((f) => ({ value: f, label: t(`contactLists.items.check.${f}`) }))]}
          />
        </div>
      </div>
      <WhatsappCheckProgress check={check} />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={list.loading}
            skeletonRows={5}
            rowProps={(item) => ({ "data-item-id": item.id })}
            empty={{
              icon: Users,
              title: search || checkFilter ? t("contactLists.items.emptySearch") : t("contactLists.items.empty"),
              description: search ? undefined : t("contactLists.items.emptyHint"),
            }}
          />
        </InfiniteScroller>
      </Card>
      <ContactListItemDialog
        open={!!editing}
        onOpenChange={(open) => !open && setEditing(null)}
        contactListId={contactListId}
        item={editing?.item ?? null}
        onSaved={(item) => (list.has(item.id) ? list.upsert(item) : list.refresh())}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} target={target} title={t("contactLists.items.importTitle", { name: contactList?.name ?? "" })} onImported={() => list.refresh()} />
      <AddTagDialog open={addingTag} onOpenChange={setAddingTag} contactListId={contactListId} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("contactLists.items.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("common.deleteConfirm")}
      />
    </PageFrame>
  );
}
