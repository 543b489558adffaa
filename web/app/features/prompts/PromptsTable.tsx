import { Bot, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import type { PromptRow } from "./types";
import "./texts";

/** Spec 002's table: name, queue, max tokens and actions; with the tokens each prompt used. */
export function PromptsTable({ prompts, loaded, onEdit, onDelete }: { prompts: PromptRow[]; loaded: boolean; onEdit: (p: PromptRow) => void; onDelete: (p: PromptRow) => void }) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  if (loaded && prompts.length === 0) return <EmptyState icon={Bot} title={t("prompts.empty")} description={t("prompts.emptyHint")} />;
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th>{t("prompts.columns.name")}</Th>
          <Th className="hidden sm:table-cell">{t("prompts.columns.queue")}</Th>
          <Th className="hidden w-32 text-right sm:table-cell">{t("prompts.columns.maxTokens")}</Th>
          <Th className="hidden w-36 text-right md:table-cell">{t("prompts.columns.usage")}</Th>
          <Th className="w-24 text-right">{t("prompts.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 4 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-5 w-40" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-5 w-24" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="ml-auto h-4 w-10" />
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="ml-auto h-4 w-16" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : prompts.map((p) => {
              const used = p.usage.promptTokens + p.usage.completionTokens;
              return (
                <Tr key={p.id} data-testid="prompt-row">
                  <Td className="w-full max-w-0 sm:max-w-none">
                    <p className="truncate font-medium">{p.name}</p>
                    <p className="mt-0.5 truncate text-xs text-muted sm:hidden">
                      {p.queue?.name ?? t("prompts.noQueue")} · {p.maxTokens} · {t("prompts.tokens", { formatted: format(used) })}
                    </p>
                  </Td>
                  <Td className="hidden sm:table-cell">
                    {p.queue ? (
                      <span className="inline-flex items-center gap-2">
                        <span className="size-2.5 rounded-full" style={{ backgroundColor: p.queue.color }} aria-hidden />
                        {p.queue.name}
                      </span>
                    ) : (
                      <span className="text-muted">{t("prompts.noQueue")}</span>
                    )}
                  </Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{format(p.maxTokens)}</Td>
                  <Td className="hidden text-right tabular-nums text-muted md:table-cell">{format(used)}</Td>
                  <Td className="pl-0">
                    <div className="flex justify-end gap-0.5">
                      <Button variant="ghost" size="icon-sm" onClick={() => onEdit(p)} aria-label={`${t("common.edit")} ${p.name}`} title={t("common.edit")}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <Button variant="ghost" size="icon-sm" onClick={() => onDelete(p)} aria-label={`${t("common.delete")} ${p.name}`} title={t("common.delete")} className="hover:text-danger">
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </div>
                  </Td>
                </Tr>
              );
            })}
      </TBody>
    </Table>
  );
}
