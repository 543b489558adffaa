import { FolderOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { type Column, InfiniteScroller, ListTable, RowActions, SEARCH_DEBOUNCE_MS, usePagedList, useRowDeletion } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
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
  const deletion = useRowDeletion((row: FileListRow) => deleteFileList(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("fileLists.deleted"),
  });
  useRealtimeEvent("file", (event) => {
    if (event.action === "delete") list.remove(event.fileListId);
    else list.upsertLive(event.fileList, event.fileList.name);
  });
  const columns: Column<FileListRow>[] = [
    {
      header: t("fileLists.columns.name"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (fileList) => (
        <>
          <p className="truncate font-medium">{fileList.name}</p>
          <p className="truncate text-xs text-muted">{fileList.message}</p>
          <p className="text-xs text-subtle sm:hidden">{t("fileLists.filesCount", { count: fileList.options.length })}</p>
        </>
      ),
    },
    {
      header: t("fileLists.columns.files"),
      className: "hidden w-32 text-right sm:table-cell",
      cellClassName: "whitespace-nowrap text-muted tabular-nums",
      skeleton: <Skeleton className="ml-auto h-4 w-10" />,
      cell: (fileList) => t("fileLists.filesCount", { count: fileList.options.length }),
    },
    {
      header: t("fileLists.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (fileList) => <RowActions name={fileList.name} onEdit={() => setDialog({ fileList })} onDelete={() => deletion.ask(fileList)} />,
    },
  ];

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
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={list.loading}
            skeletonRows={5}
            rowProps={(fileList) => ({ "data-file-list-id": fileList.id })}
            empty={{
              icon: FolderOpen,
              title: search ? t("fileLists.emptySearch") : t("fileLists.empty"),
              description: search ? t("fileLists.emptySearchHint") : t("fileLists.emptyHint"),
            }}
          />
        </InfiniteScroller>
      </Card>
      <FileListDialog
        open={!!dialog}
        onOpenChange={(open) => !open && setDialog(null)}
        fileList={dialog?.fileList ?? null}
        onSaved={(saved) => (list.has(saved.id) ? list.upsert(saved) : list.upsert(saved, true))}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("fileLists.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("fileLists.deleteMessage")}
      />
    </PageFrame>
  );
}
