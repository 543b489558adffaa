import { useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useDebouncedValue } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { deleteTag } from "./api";
import { canManageTag } from "../../../../worker/contracts/permissions";
import { TagDialog } from "./TagDialog";
import { TagsTable } from "./TagsTable";
import type { TagRow } from "./types";
import { useTagList } from "./useTagList";
import "./texts";

export function TagsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const mayToggleKanban = can(user, "tags:kanbanToggle");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useTagList(search);
  const [editing, setEditing] = useState<TagRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: TagRow) => deleteTag(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("tags.deleted"),
  });

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (tag: TagRow) => {
    setEditing(tag);
    setDialogOpen(true);
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-4xl">
      <PageHeader
        title={t("tags.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("tags.searchPlaceholder") }}
        add={{ label: t("tags.add"), onClick: openAdd }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <TagsTable
            tags={list.items}
            loaded={list.loaded}
            loadingMore={list.loading}
            searching={!!search}
            mayManage={(tag) => canManageTag(user, tag)}
            onEdit={openEdit}
            onDelete={deletion.ask}
          />
        </InfiniteScroller>
      </Card>
      <TagDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        tag={editing}
        mayToggleKanban={mayToggleKanban}
        onSaved={(tag) => list.upsert(tag, !editing)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("tags.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={
          deletion.row && deletion.row.ticketsCount > 0
            ? `${t("common.deleteConfirm")} ${t("tags.deleteInUse", { count: deletion.row.ticketsCount })}`
            : t("common.deleteConfirm")
        }
      />
    </PageFrame>
  );
}
