import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useDebouncedValue } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { deleteQuickMessage } from "./api";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessagesTable } from "./QuickMessagesTable";
import { canEditQuickMessage } from "../../../../worker/contracts/permissions";
import type { QuickMessageRow } from "./types";
import { useQuickMessageList } from "./useQuickMessageList";
import "./texts";

export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuickMessageList(search);
  const [editing, setEditing] = useState<QuickMessageRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: QuickMessageRow) => deleteQuickMessage(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("quickMessages.deleted"),
  });

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (qm: QuickMessageRow) => {
    setEditing(qm);
    setDialogOpen(true);
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("quickMessages.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("quickMessages.searchPlaceholder") }}
        add={{ label: t("quickMessages.add"), onClick: openAdd }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <QuickMessagesTable
            records={list.items}
            loaded={list.loaded}
            loadingMore={list.loading}
            searching={!!search}
            mayEdit={(qm) => canEditQuickMessage(user, qm)}
            onEdit={openEdit}
            onDelete={deletion.ask}
          />
        </InfiniteScroller>
      </Card>
      <QuickMessageDialog open={dialogOpen} onOpenChange={setDialogOpen} quickMessage={editing} onSaved={(qm) => list.upsert(qm, !editing)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("quickMessages.deleteTitle", { shortcode: deletion.row?.shortcode ?? "" })}
        message={t("common.deleteConfirm")}
      />
    </PageFrame>
  );
}
