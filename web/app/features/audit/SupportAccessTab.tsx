import { LifeBuoy } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { SupportAccessView } from "../../../../worker/contracts/audit";
import { useContractForm } from "../../components/form/useContractForm";
import { Card } from "../../components/layout/Page";
import { ListFailed, ListTable, useWholeList, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { describedBy, Field, inputClasses, textareaClasses } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { endSupportAccess, listSupportAccesses, startSupportAccess, type CompanyRef } from "./api";
import { SUPPORT_DURATIONS, supportAccessForm } from "./supportForm";
import "./texts";

/**
 * The super admin's "Acesso de suporte" (issue 28): start a time-boxed access to a company with a reason (the company's
 * admins see it, and everything done in it, in their log), and the latest accesses, running ones first, each running
 * one with "Encerrar" (confirmed).
 */
export function SupportAccessTab({ companies }: { companies: CompanyRef[] }) {
  const { t } = useTranslation();
  const fetchAll = useCallback(() => listSupportAccesses(), []);
  const list = useWholeList<SupportAccessView>(fetchAll, { quietFailure: true, sort: runningFirst });
  const [formKey, setFormKey] = useState(0);
  const [ending, setEnding] = useState<SupportAccessView | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <LifeBuoy className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden />
          <div>
            <h2 className="font-semibold">{t("audit.support.title")}</h2>
            <p className="mt-1 text-sm text-muted">{t("audit.support.intro")}</p>
          </div>
        </div>
        <StartForm
          key={formKey}
          companies={companies}
          onStarted={(access) => {
            toast.success(t("audit.support.started"));
            list.upsert(access, true);
            setFormKey((k) => k + 1);
          }}
        />
      </Card>
      <Card className="flex flex-col overflow-hidden">
        <h2 className="border-b border-line px-5 py-3 font-semibold">{t("audit.support.listTitle")}</h2>
        {list.failed && list.items.length === 0 ? (
          <ListFailed message={t("audit.support.failed")} retryLabel={t("audit.retry")} onRetry={list.reload} />
        ) : (
          <AccessTable rows={list.items} loaded={list.loaded} onEnd={setEnding} />
        )}
      </Card>
      <ConfirmDialog
        open={!!ending}
        onOpenChange={(open) => !open && setEnding(null)}
        title={t("audit.support.endTitle", { company: ending ? companyOf(ending) : "" })}
        message={t("audit.support.endMessage")}
        confirmLabel={t("audit.support.end")}
        onConfirm={async () => {
          if (!ending) return;
          try {
            list.upsert(await endSupportAccess(ending.id));
            toast.success(t("audit.support.ended"));
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      />
    </div>
  );
}

const runningFirst = (a: SupportAccessView, b: SupportAccessView) => Number(b.active) - Number(a.active) || b.id - a.id;
const companyOf = (access: SupportAccessView) => access.companyName ?? `#${access.companyId}`;

function StartForm({ companies, onStarted }: { companies: CompanyRef[]; onStarted: (access: SupportAccessView) => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: "support-access-form",
    schema: supportAccessForm,
    defaultValue: { companyId: "", reason: "", minutes: "60" },
    fields: ["companyId", "reason", "minutes"],
    messages: { reason: { other: "audit.support.reasonShort", tooShort: "audit.support.reasonShort", required: "audit.support.reasonShort" } },
    async save(value) {
      onStarted(await startSupportAccess(value));
    },
  });
  const companyError = fields.companyId.errors?.[0];
  const reasonError = fields.reason.errors?.[0];
  const minutesError = fields.minutes.errors?.[0];
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_12rem]">
      <Field id={fields.companyId.id} label={t("audit.support.company")} error={companyError}>
        <select
          id={fields.companyId.id}
          name={fields.companyId.name}
          key={fields.companyId.key}
          defaultValue={fields.companyId.initialValue}
          aria-invalid={companyError ? true : undefined}
          aria-describedby={describedBy(fields.companyId.id, companyError)}
          className={inputClasses}
        >
          <option value="">{t("audit.support.pickCompany")}</option>
          {companies.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fields.minutes.id} label={t("audit.support.duration")} error={minutesError}>
        <select
          id={fields.minutes.id}
          name={fields.minutes.name}
          key={fields.minutes.key}
          defaultValue={String(fields.minutes.initialValue ?? "60")}
          aria-invalid={minutesError ? true : undefined}
          className={inputClasses}
        >
          {SUPPORT_DURATIONS.map((m) => (
            <option key={m} value={String(m)}>
              {durationLabel(m, t)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fields.reason.id} label={t("audit.support.reason")} error={reasonError} hint={t("audit.support.reasonHint")} className="md:col-span-2">
        <textarea
          id={fields.reason.id}
          name={fields.reason.name}
          key={fields.reason.key}
          defaultValue={fields.reason.initialValue}
          maxLength={500}
          rows={2}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(fields.reason.id, reasonError, t("audit.support.reasonHint"))}
          className={textareaClasses}
        />
      </Field>
      <div className="md:col-span-2">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("audit.support.start")}
        </Button>
      </div>
    </form>
  );
}

function durationLabel(minutes: number, t: TFunction): string {
  return minutes % 60 === 0 ? t("audit.support.hours", { count: minutes / 60 }) : t("audit.support.minutes", { count: minutes });
}

function AccessTable({ rows, loaded, onEnd }: { rows: SupportAccessView[]; loaded: boolean; onEnd: (access: SupportAccessView) => void }) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const columns: Column<SupportAccessView>[] = [
    {
      header: t("audit.support.columns.company"),
      className: "w-28 sm:w-48",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (a) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{companyOf(a)}</span>
          <span className="truncate text-xs text-muted sm:hidden">{a.superName}</span>
        </div>
      ),
    },
    {
      header: t("audit.support.columns.by"),
      className: "hidden w-40 sm:table-cell",
      cell: (a) => <span className="block truncate text-sm">{a.superName}</span>,
    },
    {
      header: t("audit.support.columns.reason"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-48" />,
      cell: (a) => (
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="break-words text-sm">{a.reason}</span>
          <span className="text-xs text-muted tabular-nums">{t("audit.support.period", { from: when.dateTime(a.startedAt), to: when.dateTime(a.endedAt ?? a.expiresAt) })}</span>
        </div>
      ),
    },
    {
      header: t("audit.support.columns.state"),
      className: "w-28 text-right sm:w-44",
      skeleton: <Skeleton className="ml-auto h-5 w-20 rounded-full" />,
      cell: (a) => (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <StateChip access={a} />
          {a.active ? (
            <Button variant="outline" size="sm" onClick={() => onEnd(a)} aria-label={t("audit.support.endNamed", { company: companyOf(a) })}>
              {t("audit.support.end")}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={3}
      rowProps={(a) => ({ "data-testid": "support-access-row", "data-active": String(a.active) })}
      empty={{ icon: LifeBuoy, title: t("audit.support.none") }}
    />
  );
}

function StateChip({ access }: { access: SupportAccessView }) {
  const { t } = useTranslation();
  const state = access.active ? "active" : access.endedAt ? "ended" : "expired";
  return (
    <span className={cn("inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium", state === "active" ? "bg-warning-soft text-warning-fg" : "bg-surface-3 text-muted")}>
      {t(`audit.support.states.${state}`)}
    </span>
  );
}
