import { Plus, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Input } from "../../components/ui/Input";
import { toastError } from "../../lib/errors";
import { nearBottom, useDebouncedValue } from "../../lib/hooks";
import { toast } from "../../lib/toast";
import { deleteUser } from "./api";
import type { UserRow } from "./types";
import { UserDialog } from "./UserDialog";
import { UsersTable } from "./UsersTable";
import { useUserList } from "./useUserList";

/** Spec: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_THRESHOLD_PX = 100;

export function UsersPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList(search);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // A first page that does not fill the box cannot be scrolled: keep loading while there is more.
  useEffect(() => {
    const el = scroller.current;
    if (el && list.loaded && !list.loading && list.hasMore && nearBottom(el, LOAD_MORE_THRESHOLD_PX)) list.loadMore();
  }, [list.loaded, list.loading, list.hasMore, list.users.length, list]);

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
        actions={
          <>
            <div className="relative w-full sm:w-72">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
              <Input
                type="search"
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                placeholder={t("users.searchPlaceholder")}
                aria-label={t("common.search")}
                className="pl-9"
              />
            </div>
            <Button onClick={openAdd} className="w-full sm:w-auto">
              <Plus className="size-4" aria-hidden />
              {t("users.add")}
            </Button>
          </>
        }
        className="[&>div]:w-full sm:[&>div]:w-auto"
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <div
          ref={scroller}
          onScroll={(e) => {
            if (nearBottom(e.currentTarget, LOAD_MORE_THRESHOLD_PX)) list.loadMore();
          }}
          className="min-h-0 flex-1 overflow-auto"
          aria-busy={list.loading}
        >
          <UsersTable users={list.users} loaded={list.loaded} loadingMore={list.loading} onEdit={openEdit} onDelete={setDeleting} />
        </div>
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
