import { Link } from "@remix-run/react";
import { BookUser, FileDown, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { type Column, InfiniteScroller, ListTable, RowAction, RowActions, SEARCH_DEBOUNCE_MS, usePagedList, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { csvDocument, saveText } from "../../lib/files";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
import { deleteContactList, listContactLists } from "./api";
import { ContactListDialog } from "./ContactListDialogs";
import type { ContactListRow } from "./types";
import "./texts";

/** /contact-lists (spec 002): the campaigns' recipient lists, searchable, live, with a sample spreadsheet to fill. */
export function ContactListsPage() {
  const { t, i18n } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList<ContactListRow>(search, listContactLists);
  const [dialog, setDialog] = useState<{ list: ContactListRow | null } | null>(null);
  const deletion = useRowDeletion((row: ContactListRow) => deleteContactList(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("contactLists.deleted"),
  });
  useRealtimeEvent("contactList", (event) => {
    if (event.action === "delete") list.remove(event.contactListId);
    else list.upsertLive(event.contactList, event.contactList.name);
  });
  const sample = () => saveText(csvDocument(t("contactLists.sampleRows", { returnObjects: true }) as string[][], i18n.language), `${t("contactLists.sampleName")}.csv`);
  const columns: Column<ContactListRow>[] = [
    {
      header: t("contactLists.columns.name"),
      cellClassName: "max-w-0",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (l) => (
        <Link to={`/contact-lists/${l.id}/contacts`} className="block truncate font-medium hover:underline max-sm:flex max-sm:min-h-11 max-sm:items-center">
          {l.name}
        </Link>
      ),
    },
    {
      header: t("contactLists.columns.contacts"),
      className: "w-28 text-right",
      cellClassName: "tabular-nums",
      skeleton: <Skeleton className="ml-auto h-4 w-10" />,
      cell: (l) => l.contactsCount.toLocaleString(i18n.language),
    },
    {
      header: t("contactLists.columns.actions"),
      className: "w-32 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-20" />,
      cell: (l) => (
        <RowActions name={l.name} onEdit={() => setDialog({ list: l })} onDelete={() => deletion.ask(l)}>
          <RowAction icon={Users} label={t("contactLists.openContacts")} name={l.name} to={`/contact-lists/${l.id}/contacts`} />
        </RowActions>
      ),
    },
  ];

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("contactLists.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("contactLists.searchPlaceholder") }}
        add={{ label: t("contactLists.add"), onClick: () => setDialog({ list: null }) }}
        actions={
          <Button variant="outline" onClick={sample} className="w-full sm:w-auto">
            <FileDown className="size-4" aria-hidden />
            {t("contactLists.sample")}
          </Button>
        }
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={list.loading}
            skeletonRows={4}
            rowProps={(l) => ({ "data-contact-list-id": l.id })}
            empty={{
              icon: BookUser,
              title: search ? t("contactLists.emptySearch") : t("contactLists.empty"),
              description: search ? t("contactLists.emptySearchHint") : t("contactLists.emptyHint"),
            }}
          />
        </InfiniteScroller>
      </Card>
      <ContactListDialog open={!!dialog} onOpenChange={(open) => !open && setDialog(null)} list={dialog?.list ?? null} onSaved={(l) => list.upsert(l, !dialog?.list)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("contactLists.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("contactLists.deleteMessage", { count: deletion.row?.contactsCount ?? 0 })}
      />
    </PageFrame>
  );
}
