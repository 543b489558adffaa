import { Ban, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowAction, RowActions, type Column } from "../../components/list";
import { cn } from "../../components/ui/cn";
import { Skeleton } from "../../components/ui/Spinner";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { stateOf, type ApiTokenRow, type ApiTokenState } from "./types";
import "./texts";

const stateClasses: Record<ApiTokenState, string> = {
  active: "border-brand/40 bg-brand/10 text-brand-text",
  expired: "border-line bg-surface-3 text-muted",
  revoked: "border-danger/40 bg-danger/10 text-danger",
};

function StateBadge({ state }: { state: ApiTokenState }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium", stateClasses[state])}>{t(`apiTokens.state.${state}`)}</span>;
}

function ScopeChips({ scopes }: { scopes: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {scopes.map((scope) => (
        <li key={scope} className="rounded-md border border-line bg-surface-2 px-1.5 py-0.5 font-mono text-[11px] leading-4 text-muted">
          {scope}
        </li>
      ))}
    </ul>
  );
}

export function ApiTokensTable({ tokens, loaded, onRevoke }: { tokens: ApiTokenRow[]; loaded: boolean; onRevoke: (token: ApiTokenRow) => void }) {
  const { t } = useTranslation();
  const { dateTime, day } = useCompanyTime();
  const columns: Column<ApiTokenRow>[] = [
    {
      header: t("apiTokens.columns.name"),
      cellClassName: "max-w-0 w-full lg:w-auto lg:max-w-none",
      skeleton: <Skeleton className="h-4 w-36" />,
      cell: (token) => (
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium">{token.name}</span>
            <span className="sm:hidden">
              <StateBadge state={stateOf(token)} />
            </span>
          </div>
          <code className="truncate font-mono text-xs text-muted">{token.prefix}…</code>
          <div className="md:hidden">
            <ScopeChips scopes={token.scopes} />
          </div>
          <p className="text-xs text-subtle lg:hidden">
            {token.lastUsedAt ? t("apiTokens.lastUsed", { date: dateTime(token.lastUsedAt) }) : t("apiTokens.lastUsed", { date: t("apiTokens.never") })}
            {" · "}
            {token.expiresAt ? t("apiTokens.expires", { date: day(token.expiresAt) }) : t("apiTokens.noExpiry")}
          </p>
        </div>
      ),
    },
    {
      header: t("apiTokens.columns.scopes"),
      className: "hidden md:table-cell",
      cellClassName: "min-w-48",
      skeleton: <Skeleton className="h-5 w-32" />,
      cell: (token) => <ScopeChips scopes={token.scopes} />,
    },
    {
      header: t("apiTokens.columns.created"),
      className: "hidden xl:table-cell",
      cellClassName: "whitespace-nowrap text-xs text-muted",
      cell: (token) => (
        <>
          <div>{dateTime(token.createdAt)}</div>
          <div className="text-subtle">{t("apiTokens.createdBy", { name: token.createdBy?.name ?? t("apiTokens.removedUser") })}</div>
        </>
      ),
    },
    {
      header: t("apiTokens.columns.lastUsed"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap text-xs text-muted",
      cell: (token) => (token.lastUsedAt ? dateTime(token.lastUsedAt) : t("apiTokens.never")),
    },
    {
      header: t("apiTokens.columns.expiry"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap text-xs text-muted",
      cell: (token) => (token.expiresAt ? day(token.expiresAt) : t("apiTokens.noExpiry")),
    },
    {
      header: t("apiTokens.columns.state"),
      className: "hidden sm:table-cell",
      skeleton: <Skeleton className="h-5 w-14 rounded-full" />,
      cell: (token) => <StateBadge state={stateOf(token)} />,
    },
    {
      header: t("apiTokens.columns.actions"),
      className: "w-14 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-8" />,
      cell: (token) =>
        token.revokedAt ? null : (
          <RowActions name={token.name}>
            <RowAction icon={Ban} label={t("apiTokens.revoke")} name={token.name} onClick={() => onRevoke(token)} danger />
          </RowActions>
        ),
    },
  ];
  return (
    <ListTable
      rows={tokens}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      testId="api-tokens-table"
      rowProps={(token) => ({ "data-token-id": token.id })}
      empty={{ icon: KeyRound, title: t("apiTokens.empty"), description: t("apiTokens.emptyHint") }}
    />
  );
}
