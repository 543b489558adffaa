import { Check, Paperclip, Pencil, Trash2, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import type { QuickMessageRow } from "./types";
import "./texts";

function Attachment({ qm }: { qm: QuickMessageRow }) {
  const { t } = useTranslation();
  if (!qm.mediaName) return <span className="text-subtle">{t("quickMessages.noAttachment")}</span>;
  const label = (
    <>
      <Paperclip className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{qm.mediaName}</span>
    </>
  );
  return qm.mediaPath ? (
    <a href={qm.mediaPath} target="_blank" rel="noreferrer" className="inline-flex max-w-full items-center gap-1.5 text-brand-text underline-offset-2 hover:underline">
      {label}
    </a>
  ) : (
    <span className="inline-flex max-w-full items-center gap-1.5">{label}</span>
  );
}

export function QuickMessagesTable({
  records,
  loaded,
  loadingMore,
  searching,
  mayEdit,
  onEdit,
  onDelete,
}: {
  records: QuickMessageRow[];
  loaded: boolean;
  loadingMore: boolean;
  searching: boolean;
  mayEdit: (qm: QuickMessageRow) => boolean;
  onEdit: (qm: QuickMessageRow) => void;
  onDelete: (qm: QuickMessageRow) => void;
}) {
  const { t } = useTranslation();
  if (loaded && records.length === 0) {
    return (
      <EmptyState
        icon={Zap}
        title={searching ? t("quickMessages.emptySearch") : t("quickMessages.empty")}
        description={searching ? t("quickMessages.emptySearchHint") : t("quickMessages.emptyHint")}
      />
    );
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th>{t("quickMessages.columns.shortcode")}</Th>
          <Th className="hidden w-1/3 sm:table-cell">{t("quickMessages.columns.attachment")}</Th>
          <Th className="w-20 text-center">{t("quickMessages.columns.geral")}</Th>
          <Th className="w-24 text-right">{t("quickMessages.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 5 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="mt-1.5 h-3 w-56 max-w-full" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-4 w-28" />
                </Td>
                <Td>
                  <Skeleton className="mx-auto size-5 rounded-full" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : records.map((qm) => {
              const editable = mayEdit(qm);
              return (
                <Tr key={qm.id}>
                  <Td className="w-full max-w-0 sm:w-auto sm:max-w-md">
                    <p className="truncate font-mono font-medium">/{qm.shortcode}</p>
                    {qm.message ? <p className="truncate text-xs text-muted">{qm.message}</p> : null}
                    <p className="mt-0.5 truncate text-xs sm:hidden">
                      <Attachment qm={qm} />
                    </p>
                  </Td>
                  <Td className="hidden max-w-0 truncate text-muted sm:table-cell">
                    <Attachment qm={qm} />
                  </Td>
                  <Td className="text-center">
                    {qm.geral ? (
                      <span className="inline-flex size-6 items-center justify-center rounded-full bg-brand-soft text-brand-text" title={t("quickMessages.geralYes")}>
                        <Check className="size-4" aria-hidden />
                        <span className="sr-only">{t("quickMessages.geralYes")}</span>
                      </span>
                    ) : (
                      <span className="sr-only">{t("quickMessages.geralNo")}</span>
                    )}
                  </Td>
                  <Td className="pl-0">
                    {editable ? (
                      <div className="flex justify-end gap-0.5">
                        <Button variant="ghost" size="icon-sm" onClick={() => onEdit(qm)} aria-label={`${t("common.edit")} /${qm.shortcode}`} title={t("common.edit")}>
                          <Pencil className="size-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => onDelete(qm)}
                          aria-label={`${t("common.delete")} /${qm.shortcode}`}
                          title={t("common.delete")}
                          className="hover:text-danger"
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </Button>
                      </div>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
        {loadingMore && loaded ? (
          <tr>
            <td colSpan={4} className="py-4 text-center text-muted">
              <Spinner label={t("common.loading")} />
            </td>
          </tr>
        ) : null}
      </TBody>
    </Table>
  );
}
