import { BookOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { useRowDeletion, useWholeList } from "../../components/list";
import { buttonClasses } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { ZoneNote } from "../../components/ui/ZoneNote";
import { listApiTokens, revokeApiToken } from "./api";
import { ApiTokensTable } from "./ApiTokensTable";
import { NewApiTokenDialog } from "./NewApiTokenDialog";
import type { ApiTokenRow } from "./types";
import { API_DOCS_AUTHENTICATION } from "../apiReference/paths";
import "./texts";

/** /api-tokens: the company's API tokens (an admin's), newest first; make one (shown once), revoke one. */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const list = useWholeList<ApiTokenRow>(listApiTokens);
  const [adding, setAdding] = useState(false);
  const revocation = useRowDeletion(async (row: ApiTokenRow) => list.upsert(await revokeApiToken(row.id)), {
    onDeleted: () => undefined,
    success: t("apiTokens.revoked"),
  });
  return (
    <PageFrame className="h-full min-h-0 max-w-6xl">
      <PageHeader
        title={t("apiTokens.title")}
        count={list.loaded ? list.count : undefined}
        add={{ label: t("apiTokens.add"), onClick: () => setAdding(true) }}
        actions={
          <a href={API_DOCS_AUTHENTICATION} target="_blank" rel="noreferrer" className={buttonClasses("outline", "md", "w-full sm:w-auto")}>
            <BookOpen className="size-4" aria-hidden />
            {t("apiTokens.docs")}
          </a>
        }
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted">{t("apiTokens.intro")}</p>
        <ZoneNote />
      </div>
      <Card className="flex min-h-0 flex-1 flex-col overflow-auto">
        <ApiTokensTable tokens={list.items} loaded={list.loaded} onRevoke={revocation.ask} />
      </Card>
      <NewApiTokenDialog open={adding} onOpenChange={setAdding} onCreated={(row) => list.upsert(row, true)} />
      <ConfirmDialog
        {...revocation.dialog}
        title={t("apiTokens.revokeTitle", { name: revocation.row?.name ?? "" })}
        message={t("apiTokens.revokeMessage")}
        confirmLabel={t("apiTokens.revoke")}
      />
    </PageFrame>
  );
}
