import { Building2, CalendarPlus, Download, Lock, LockOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Column, InfiniteScroller, ListTable, RowAction, RowActions, SEARCH_DEBOUNCE_MS, SearchField, usePagedList, useRowDeletion } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { CompanyExportSection } from "../companyExport/CompanyExportSection";
import { Skeleton } from "../../components/ui/Spinner";
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
  const [exporting, setExporting] = useState<Company | null>(null);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // A company registered on the Cadastrar Empresa tab shows up here: the key starts the list again.
  const list = usePagedList<Company>(`${search}\u0000${refreshKey}`, ({ pageNumber }) => listCompanies({ searchParam: search, pageNumber }));
  const [editing, setEditing] = useState<Company | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: Company) => deleteCompany(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("platform.deleted"),
  });
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

  const companyStatus = (c: Company) => (c.status ? t("platform.companies.active") : t("platform.companies.blocked"));
  const dueDateOf = (c: Company) => (c.dueDate ? formatDate(c.dueDate) : t("platform.companies.noDueDate"));
  const columns: Column<Company>[] = [
    {
      header: t("platform.companies.columns.name"),
      // Wrapped, never cut: on a phone the plan, the due date and the status each stay whole.
      cellClassName: "min-w-40",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (c) => (
        <>
          <p className="font-medium break-words">{c.name}</p>
          <p className="text-xs break-all text-muted">{c.email}</p>
          {/* Each part whole, its dot kept at the end of the line it wraps from. */}
          <p className="flex flex-wrap gap-x-1.5 text-xs text-muted sm:hidden">
            <span>{c.plan?.name ?? t("platform.companies.noPlan")} ·</span>
            <span className="whitespace-nowrap tabular-nums">{dueDateOf(c)} ·</span>
            <span>{companyStatus(c)}</span>
          </p>
        </>
      ),
    },
    { header: t("platform.companies.columns.plan"), className: "hidden md:table-cell", cellClassName: "whitespace-nowrap", cell: (c) => c.plan?.name ?? t("platform.companies.noPlan") },
    {
      header: t("platform.companies.columns.status"),
      className: "hidden sm:table-cell",
      cell: (c) => (
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", c.status ? "bg-brand/10 text-brand-text" : "bg-danger/10 text-danger")}>{companyStatus(c)}</span>
      ),
    },
    { header: t("platform.companies.columns.dueDate"), className: "hidden sm:table-cell", cellClassName: "whitespace-nowrap tabular-nums", cell: dueDateOf },
    { header: t("platform.companies.columns.recurrence"), className: "hidden lg:table-cell", cell: (c) => t(`platform.recurrence.${c.recurrence}`) },
    {
      header: t("platform.companies.columns.actions"),
      className: "text-right",
      // Two by two on a phone (the buttons wrap in a narrow cell), so the name keeps its room.
      cellClassName: "w-24 pl-0 sm:w-auto [&>div]:flex-wrap sm:[&>div]:flex-nowrap",
      skeleton: <Skeleton className="ml-auto h-8 w-24" />,
      cell: (c) => (
        <RowActions name={c.name} onEdit={() => {
            setEditing(c);
            setDialogOpen(true);
          }} onDelete={() => deletion.ask(c)}>
          <RowAction icon={CalendarPlus} label={t("platform.companies.renew")} name={c.name} disabled={busy === c.id} onClick={() => setRenewing(c)} />
          <RowAction icon={Download} label={t("companyExport.start")} name={c.name} onClick={() => setExporting(c)} />
          <RowAction
            icon={c.status ? Lock : LockOpen}
            label={t(c.status ? "platform.companies.block" : "platform.companies.unblock")}
            name={c.name}
            disabled={busy === c.id}
            onClick={() => void change(c, { status: !c.status }, t(c.status ? "platform.companies.blockedToast" : "platform.companies.unblockedToast"))}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchField value={searchInput} onChange={setSearchInput} placeholder={t("platform.companies.searchPlaceholder")} />
        {list.loaded ? <span className="text-sm text-muted tabular-nums">{list.count}</span> : null}
      </div>
      <InfiniteScroller list={list} className="max-h-[65vh] min-h-40 overflow-auto rounded-xl border border-line">
        <ListTable
          rows={list.items}
          columns={columns}
          loaded={list.loaded}
          loadingMore={list.loading}
          skeletonRows={4}
          rowProps={(c) => {
            const tone = dueTone(c.dueDate);
            return { "data-company": c.name, className: cn(tone && toneClass[tone]) };
          }}
          empty={{ icon: Building2, title: t("platform.companies.empty") }}
        />
      </InfiniteScroller>
      {/* Issue 27 §3: the super admin exports any company, and follows its exports here. */}
      <Dialog open={!!exporting} onOpenChange={(open) => !open && setExporting(null)}>
        {exporting ? (
          <DialogContent title={`${t("companyExport.title")}: ${exporting.name}`} size="lg">
            <DialogBody>
              <CompanyExportSection companyId={exporting.id} />
            </DialogBody>
          </DialogContent>
        ) : null}
      </Dialog>
      <CompanyDialog open={dialogOpen} company={editing} plans={plans} onOpenChange={setDialogOpen} onSaved={(saved) => list.upsert(saved)} />
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
        {...deletion.dialog}
        title={t("platform.companies.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("platform.companies.deleteMessage")}
      />
    </div>
  );
}
