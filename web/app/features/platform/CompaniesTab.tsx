import { Building2, CalendarPlus, Lock, LockOpen, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, SearchField, usePagedList } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { cn } from "../../components/ui/cn";
import { formatDate } from "../../lib/calendarDate";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { toast } from "../../lib/toast";
import { deleteCompany, listCompanies, updateCompany, type Company, type Plan } from "./api";
import { CompanyDialog } from "./CompanyDialog";
import { dueTone, nextDueDate } from "./model";

const toneClass = { late: "bg-danger-soft", soon: "bg-warning-soft" } as const;

/** Empresas (super users): every company, searched and paged, with edit, block, + Vencimento and delete. */
export function CompaniesTab({ plans, refreshKey }: { plans: Plan[]; refreshKey: number }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A company registered on the Cadastrar Empresa tab shows up here: the key starts the list again.
  const list = usePagedList<Company>(`${search}\u0000${refreshKey}`, ({ pageNumber }) => listCompanies({ searchParam: search, pageNumber }));
  const [editing, setEditing] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  /** "+ Vencimento" asks first: it moves a company's due date a whole period, which nothing undoes in one click. */
  const [renewing, setRenewing] = useState<Company | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  /** Saves a change to a company and says so; answers whether it was saved (a refusal is toasted). */
  async function change(company: Company, patch: Partial<Company> & Record<string, unknown>, message: string): Promise<boolean> {
    setBusy(company.id);
    try {
      const saved = await updateCompany(company.id, patch as never);
      list.upsert(saved);
      toast.success(message);
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchField value={searchInput} onChange={setSearchInput} placeholder={t("platform.companies.searchPlaceholder")} />
        {list.loaded ? <span className="text-sm text-muted tabular-nums">{list.count}</span> : null}
      </div>
      <InfiniteScroller list={list} className="max-h-[65vh] min-h-40 overflow-auto rounded-xl border border-line">
        {list.loaded && list.items.length === 0 ? (
          <EmptyState icon={Building2} title={t("platform.companies.empty")} />
        ) : (
          <Table>
            <THead>
              <Tr className="hover:bg-transparent">
                <Th>{t("platform.companies.columns.name")}</Th>
                <Th className="hidden md:table-cell">{t("platform.companies.columns.plan")}</Th>
                <Th className="hidden sm:table-cell">{t("platform.companies.columns.status")}</Th>
                <Th className="hidden sm:table-cell">{t("platform.companies.columns.dueDate")}</Th>
                <Th className="hidden lg:table-cell">{t("platform.companies.columns.recurrence")}</Th>
                <Th className="text-right">{t("platform.companies.columns.actions")}</Th>
              </Tr>
            </THead>
            <TBody>
              {!list.loaded
                ? Array.from({ length: 4 }, (_, i) => (
                    <Tr key={i} aria-hidden>
                      <Td colSpan={6}>
                        <Skeleton className="h-6 w-full" />
                      </Td>
                    </Tr>
                  ))
                : list.items.map((c) => {
                    const tone = dueTone(c.dueDate);
                    return (
                      <Tr key={c.id} className={cn(tone && toneClass[tone])} data-company={c.name}>
                        {/* Wrapped, never cut: on a phone the plan, the due date and the status each stay whole. */}
                        <Td className="min-w-40">
                          <p className="font-medium break-words">{c.name}</p>
                          <p className="text-xs break-all text-muted">{c.email}</p>
                          {/* Each part whole, its dot kept at the end of the line it wraps from. */}
                          <p className="flex flex-wrap gap-x-1.5 text-xs text-muted sm:hidden">
                            <span>{c.plan?.name ?? t("platform.companies.noPlan")} ·</span>
                            <span className="whitespace-nowrap tabular-nums">{c.dueDate ? formatDate(c.dueDate) : t("platform.companies.noDueDate")} ·</span>
                            <span>{c.status ? t("platform.companies.active") : t("platform.companies.blocked")}</span>
                          </p>
                        </Td>
                        <Td className="hidden whitespace-nowrap md:table-cell">{c.plan?.name ?? t("platform.companies.noPlan")}</Td>
                        <Td className="hidden sm:table-cell">
                          <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", c.status ? "bg-brand/10 text-brand-text" : "bg-danger/10 text-danger")}>
                            {c.status ? t("platform.companies.active") : t("platform.companies.blocked")}
                          </span>
                        </Td>
                        <Td className="hidden whitespace-nowrap tabular-nums sm:table-cell">{c.dueDate ? formatDate(c.dueDate) : t("platform.companies.noDueDate")}</Td>
                        <Td className="hidden lg:table-cell">{t(`platform.recurrence.${c.recurrence}`)}</Td>
                        {/* Two by two on a phone (the buttons wrap in a narrow cell), so the name keeps its room. */}
                        <Td className="w-24 text-right sm:w-auto sm:whitespace-nowrap">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            disabled={busy === c.id}
                            title={t("platform.companies.renew")}
                            aria-label={`${t("platform.companies.renew")} ${c.name}`}
                            onClick={() => setRenewing(c)}
                          >
                            <CalendarPlus className="size-4" aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            disabled={busy === c.id}
                            aria-label={t(c.status ? "platform.companies.block" : "platform.companies.unblock", { name: c.name })}
                            onClick={() => void change(c, { status: !c.status }, t(c.status ? "platform.companies.blockedToast" : "platform.companies.unblockedToast"))}
                          >
                            {c.status ? <Lock className="size-4" aria-hidden /> : <LockOpen className="size-4" aria-hidden />}
                          </Button>
                          <Button variant="ghost" size="icon-sm" aria-label={t("platform.companies.edit", { name: c.name })} onClick={() => setEditing(c)}>
                            <Pencil className="size-4" aria-hidden />
                          </Button>
                          <Button variant="ghost" size="icon-sm" aria-label={t("platform.companies.delete", { name: c.name })} onClick={() => setDeleting(c)}>
                            <Trash2 className="size-4" aria-hidden />
                          </Button>
                        </Td>
                      </Tr>
                    );
                  })}
              {list.loaded && list.loading ? <LoadingMoreRow colSpan={6} label={t("common.loading")} /> : null}
            </TBody>
          </Table>
        )}
      </InfiniteScroller>
      <CompanyDialog company={editing} plans={plans} onOpenChange={(open) => !open && setEditing(null)} onSaved={(saved) => list.upsert(saved)} />
      <ConfirmDialog
        open={!!renewing}
        onOpenChange={(open) => !open && setRenewing(null)}
        destructive={false}
        title={t("platform.companies.renewTitle", { name: renewing?.name ?? "" })}
        message={
          renewing
            ? t("platform.companies.renewMessage", {
                from: renewing.dueDate ? formatDate(renewing.dueDate) : t("platform.companies.noDueDate"),
                to: formatDate(nextDueDate(renewing.dueDate, renewing.recurrence)),
                recurrence: t(`platform.recurrence.${renewing.recurrence}`),
              })
            : ""
        }
        confirmLabel={t("platform.companies.renewConfirm")}
        onConfirm={async () => {
          if (!renewing) return;
          const dueDate = nextDueDate(renewing.dueDate, renewing.recurrence);
          // Refused: the dialog stays open for another try (ConfirmDialog keeps it on a throw).
          if (!(await change(renewing, { dueDate }, t("platform.companies.renewed", { date: formatDate(dueDate) })))) throw new Error("due date not moved");
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("platform.companies.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("platform.companies.deleteMessage")}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteCompany(deleting.id);
            list.remove(deleting.id);
            toast.success(t("platform.deleted"));
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      />
    </div>
  );
}
