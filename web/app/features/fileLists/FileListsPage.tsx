import { FolderOpen, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, usePagedList } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { deleteFileList, listFileLists } from "./api";
import { FileListDialog } from "./FileListDialog";
import type { FileListRow } from "./types";
import "./texts";

/** /files (spec 002): the company's file lists, searchable, live, each edited with its files in a dialog. */
export function FileListsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList<FileListRow>(search, listFileLists);
  const [dialog, setDialog] = useState<{ fileList: FileListRow | null } | null>(null);
  const [deleting, setDeleting] = useState<FileListRow | null>(null);
  useRealtimeEvent("file", (event) => {
    if (event.action === "delete") list.remove(event.fileListId);
    else if (list.has(event.fileList.id)) list.upsert(event.fileList);
    else if (!search || event.fileList.name.toLowerCase().includes(search.toLowerCase())) list.upsert(event.fileList, true);
  });
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteFileList(deleting.id);
      list.remove(deleting.id);
      toast.success(t("fileLists.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("fileLists.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("fileLists.searchPlaceholder") }}
        add={{ label: t("fileLists.add"), onClick: () => setDialog({ fileList: null }) }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          {list.loaded && list.items.length === 0 ? (
            <EmptyState
              icon={FolderOpen}
              title={search ? t("fileLists.emptySearch") : t("fileLists.empty")}
              description={search ? t("fileLists.emptySearchHint") : t("fileLists.emptyHint")}
            />
          ) : (
            <Table>
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th>{t("fileLists.columns.name")}</Th>
                  <Th className="hidden w-32 text-right sm:table-cell">{t("fileLists.columns.files")}</Th>
                  <Th className="w-24 text-right">{t("fileLists.columns.actions")}</Th>
                </Tr>
              </THead>
              <TBody>
                {!list.loaded
                  ? Array.from({ length: 5 }, (_, i) => (
                      <Tr key={i} aria-hidden>
                        <Td>
                          <Skeleton className="h-4 w-40" />
                        </Td>
                        <Td className="hidden sm:table-cell">
                          <Skeleton className="ml-auto h-4 w-10" />
                        </Td>
                        <Td>
                          <Skeleton className="ml-auto h-8 w-16" />
                        </Td>
                      </Tr>
                    ))
                  : list.items.map((fileList) => (
                      <Tr key={fileList.id} data-file-list-id={fileList.id}>
                        <Td className="w-full max-w-0">
                          <p className="truncate font-medium">{fileList.name}</p>
                          <p className="truncate text-xs text-muted">{fileList.message}</p>
                          <p className="text-xs text-subtle sm:hidden">{t("fileLists.filesCount", { count: fileList.options.length })}</p>
                        </Td>
                        <Td className="hidden text-right whitespace-nowrap text-muted tabular-nums sm:table-cell">{t("fileLists.filesCount", { count: fileList.options.length })}</Td>
                        <Td className="pl-0">
                          <div className="flex justify-end gap-0.5">
                            <Button variant="ghost" size="icon-sm" onClick={() => setDialog({ fileList })} aria-label={`${t("common.edit")}: ${fileList.name}`} title={t("common.edit")}>
                              <Pencil className="size-4" aria-hidden />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              onClick={() => setDeleting(fileList)}
                              aria-label={`${t("common.delete")}: ${fileList.name}`}
                              title={t("common.delete")}
                              className="hover:text-danger"
                            >
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
      <FileListDialog
        open={!!dialog}
        onOpenChange={(open) => !open && setDialog(null)}
        fileList={dialog?.fileList ?? null}
        onSaved={(saved) => (list.has(saved.id) ? list.upsert(saved) : list.upsert(saved, true))}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("fileLists.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("fileLists.deleteMessage")}
        onConfirm={confirmDelete}
      />
    </PageFrame>
  );
}
