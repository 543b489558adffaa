import { Bot } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
import type { PromptRow } from "./types";
import "./texts";

/** Spec 002's table: name, queue, max tokens and actions; with the tokens each prompt used. */
export function PromptsTable({ prompts, loaded, onEdit, onDelete }: { prompts: PromptRow[]; loaded: boolean; onEdit: (p: PromptRow) => void; onDelete: (p: PromptRow) => void }) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const used = (p: PromptRow) => p.usage.promptTokens + p.usage.completionTokens;
  const columns: Column<PromptRow>[] = [
    {
      header: t("prompts.columns.name"),
      cellClassName: "w-full max-w-0 sm:max-w-none",
      skeleton: <Skeleton className="h-5 w-40" />,
      cell: (p) => (
        <>
          <p className="truncate font-medium">{p.name}</p>
          <p className="mt-0.5 truncate text-xs text-muted sm:hidden">
            {p.queue?.name ?? t("prompts.noQueue")} · {p.maxTokens} · {t("prompts.tokens", { formatted: format(used(p)) })}
          </p>
        </>
      ),
    },
    {
      header: t("prompts.columns.queue"),
      className: "hidden sm:table-cell",
      skeleton: <Skeleton className="h-5 w-24" />,
      cell: (p) =>
        p.queue ? (
          <span className="inline-flex items-center gap-2">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: p.queue.color }} aria-hidden />
            {p.queue.name}
          </span>
        ) : (
          <span className="text-muted">{t("prompts.noQueue")}</span>
        ),
    },
    {
      header: t("prompts.columns.maxTokens"),
      className: "hidden w-32 text-right sm:table-cell",
      cellClassName: "tabular-nums",
      skeleton: <Skeleton className="ml-auto h-4 w-10" />,
      cell: (p) => format(p.maxTokens),
    },
    {
      header: t("prompts.columns.usage"),
      className: "hidden w-36 text-right md:table-cell",
      cellClassName: "tabular-nums text-muted",
      skeleton: <Skeleton className="ml-auto h-4 w-16" />,
      cell: (p) => format(used(p)),
    },
    {
      header: t("prompts.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (p) => <RowActions name={p.name} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />,
    },
  ];
  return (
    <ListTable
      rows={prompts}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={4}
      rowProps={() => ({ "data-testid": "prompt-row" })}
      empty={{ icon: Bot, title: t("prompts.empty"), description: t("prompts.emptyHint") }}
    />
  );
}
