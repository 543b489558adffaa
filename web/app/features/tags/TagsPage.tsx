import { useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS } from "../../components/list";
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
  const [deleting, setDeleting] = useState<TagRow | null>(null);

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (tag: TagRow) => {
    setEditing(tag);
    setDialogOpen(true);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTag(deleting.id);
      list.remove(deleting.id);
      toast.success(t("tags.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
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
            onDelete={setDeleting}
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
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("tags.deleteTitle", { name: deleting?.name ?? "" })}
        message={
          deleting && deleting.ticketsCount > 0
            ? `${t("common.deleteConfirm")} ${t("tags.deleteInUse", { count: deleting.ticketsCount })}`
            : t("common.deleteConfirm")
        }
        onConfirm={confirmDelete}
      />
    </PageFrame>
  );
}
