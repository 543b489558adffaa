import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { toast } from "../../lib/toast";
import { deleteUser } from "./api";
import type { UserRow } from "./types";
import { UserDialog } from "./UserDialog";
import { UsersTable } from "./UsersTable";
import { useUserList } from "./useUserList";

export function UsersPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList(search);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (user: UserRow) => {
    setEditing(user);
    setDialogOpen(true);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      list.remove(deleting.id);
      toast.success(t("users.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <PageFrame className="h-full min-h-0">
      <PageHeader
        title={t("users.title")}
        count={list.loaded ? list.count : undefined}
        search={{
          value: searchInput,
          onChange: setSearchInput,
          placeholder: t("users.searchPlaceholder"),
        }}
        add={{ label: t("users.add"), onClick: openAdd }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <UsersTable users={list.items} loaded={list.loaded} loadingMore={list.loading} onEdit={openEdit} onDelete={setDeleting} />
        </InfiniteScroller>
      </Card>
      <UserDialog open={dialogOpen} onOpenChange={setDialogOpen} user={editing} onSaved={(user) => list.upsert(user, !editing)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("users.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("common.deleteConfirm")}
        onConfirm={confirmDelete}
      />
    </PageFrame>
  );
}
