import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useDebouncedValue } from "../../lib/hooks";
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
  const deletion = useRowDeletion((row: UserRow) => deleteUser(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("users.deleted"),
  });
  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (user: UserRow) => {
    setEditing(user);
    setDialogOpen(true);
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
          <UsersTable users={list.items} loaded={list.loaded} loadingMore={list.loading} onEdit={openEdit} onDelete={deletion.ask} />
        </InfiniteScroller>
      </Card>
      <UserDialog open={dialogOpen} onOpenChange={setDialogOpen} user={editing} onSaved={(user) => list.upsert(user, !editing)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("users.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("common.deleteConfirm")}
      />
    </PageFrame>
  );
}
