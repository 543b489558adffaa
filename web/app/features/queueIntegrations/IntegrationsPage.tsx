import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { useDebouncedValue } from "../../lib/hooks";
import { toast } from "../../lib/toast";
import { deleteIntegration } from "./api";
import { IntegrationDialog } from "./IntegrationDialog";
import { IntegrationsTable } from "./IntegrationsTable";
import type { IntegrationRow } from "./types";
import { useIntegrationList } from "./useIntegrationList";
import "./texts";

export function IntegrationsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useIntegrationList(search);
  const [editing, setEditing] = useState<IntegrationRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: IntegrationRow) => deleteIntegration(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("queueIntegrations.deleted"),
    tone: "info",
  });
  const [secret, setSecret] = useState<string | null>(null);

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (row: IntegrationRow) => {
    setEditing(row);
    setDialogOpen(true);
  };
  const saved = (row: IntegrationRow) => {
    const { secret: shownOnce, ...shown } = row;
    list.upsert(shown, !editing);
    if (shownOnce) setSecret(shownOnce);
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-4xl">
      <PageHeader
        title={t("queueIntegrations.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("queueIntegrations.searchPlaceholder") }}
        add={{ label: t("queueIntegrations.add"), onClick: openAdd }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <IntegrationsTable rows={list.items} loaded={list.loaded} loadingMore={list.loading} searching={!!search} onEdit={openEdit} onDelete={deletion.ask} />
        </InfiniteScroller>
      </Card>
      <IntegrationDialog open={dialogOpen} onOpenChange={setDialogOpen} integration={editing} onSaved={saved} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("queueIntegrations.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("queueIntegrations.deleteMessage")}
      />
      <Dialog open={!!secret} onOpenChange={(open) => !open && setSecret(null)}>
        <DialogContent title={t("queueIntegrations.secret.title")} size="md">
          <DialogBody className="flex flex-col gap-3">
            <p className="text-sm text-muted">{t("queueIntegrations.secret.message")}</p>
            <code className="block break-all rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm" data-testid="integration-secret">
              {secret}
            </code>
          </DialogBody>
          <DialogFooter>
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(secret ?? "").then(() => toast.success(t("queueIntegrations.secret.copied")));
              }}
            >
              <Copy className="size-4" aria-hidden />
              {t("queueIntegrations.secret.copy")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
