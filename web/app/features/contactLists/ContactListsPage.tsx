import { Link } from "@remix-run/react";
import { BookUser, FileDown, Pencil, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, usePagedList } from "../../components/list";
import { Button, buttonClasses } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { toastError } from "../../lib/errors";
import { csvDocument, saveText } from "../../lib/files";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
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
  const [deleting, setDeleting] = useState<ContactListRow | null>(null);
  useRealtimeEvent("contactList", (event) => {
    if (event.action === "delete") list.remove(event.contactListId);
    else if (list.has(event.contactList.id)) list.upsert(event.contactList);
    else if (!search || event.contactList.name.toLowerCase().includes(search.toLowerCase())) list.upsert(event.contactList, true);
  });
  const sample = () => saveText(csvDocument(t("contactLists.sampleRows", { returnObjects: true }) as string[][], i18n.language), `${t("contactLists.sampleName")}.csv`);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContactList(deleting.id);
      list.remove(deleting.id);
      toast.success(t("contactLists.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

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
          {list.loaded && list.items.length === 0 ? (
            <EmptyState
              icon={BookUser}
              title={search ? t("contactLists.emptySearch") : t("contactLists.empty")}
              description={search ? t("contactLists.emptySearchHint") : t("contactLists.emptyHint")}
            />
          ) : (
            <Table>
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th>{t("contactLists.columns.name")}</Th>
                  <Th className="w-28 text-right">{t("contactLists.columns.contacts")}</Th>
                  <Th className="w-32 text-right">{t("contactLists.columns.actions")}</Th>
                </Tr>
              </THead>
              <TBody>
                {!list.loaded
                  ? Array.from({ length: 4 }, (_, i) => (
                      <Tr key={i} aria-hidden>
                        <Td>
                          <Skeleton className="h-4 w-40" />
                        </Td>
                        <Td>
                          <Skeleton className="ml-auto h-4 w-10" />
                        </Td>
                        <Td>
                          <Skeleton className="ml-auto h-8 w-20" />
                        </Td>
                      </Tr>
                    ))
                  : list.items.map((l) => (
                      <Tr key={l.id} data-contact-list-id={l.id}>
                        <Td className="max-w-0">
                          <Link to={`/contact-lists/${l.id}/contacts`} className="block truncate font-medium hover:underline">
                            {l.name}
                          </Link>
                        </Td>
                        <Td className="text-right tabular-nums">{l.contactsCount.toLocaleString(i18n.language)}</Td>
                        <Td className="pl-0">
                          <div className="flex justify-end gap-0.5">
                            <Link to={`/contact-lists/${l.id}/contacts`} className={buttonClasses("ghost", "icon-sm")} aria-label={`${t("contactLists.openContacts")}: ${l.name}`} title={t("contactLists.openContacts")}>
                              <Users className="size-4" aria-hidden />
                            </Link>
                            <Button variant="ghost" size="icon-sm" onClick={() => setDialog({ list: l })} aria-label={`${t("common.edit")}: ${l.name}`} title={t("common.edit")}>
                              <Pencil className="size-4" aria-hidden />
                            </Button>
                            <Button variant="ghost" size="icon-sm" onClick={() => setDeleting(l)} aria-label={`${t("common.delete")}: ${l.name}`} title={t("common.delete")} className="hover:text-danger">
                              <Trash2 className="size-4" aria-hidden />
                            </Button>
                          </div>
                        </Td>
                      </Tr>
                    ))}
                {list.loading && list.loaded ? <LoadingMoreRow colSpan={3} label={t("common.loading")} /> : null}
              </TBody>
            </Table>
          )}
        </InfiniteScroller>
      </Card>
      <ContactListDialog open={!!dialog} onOpenChange={(open) => !open && setDialog(null)} list={dialog?.list ?? null} onSaved={(l) => list.upsert(l, !dialog?.list)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("contactLists.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("contactLists.deleteMessage", { count: deleting?.contactsCount ?? 0 })}
        onConfirm={confirmDelete}
      />
    </PageFrame>
  );
}
