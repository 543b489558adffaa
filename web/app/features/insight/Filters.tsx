import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { fetchChoices, PERIODS, type Filter, type Ref } from "./api";
import "./texts";

const ALL = "all";

/** The dashboard's and the reports' filter: a period or a date range, a queue and an agent. */
export function Filters({ value, onChange, children }: { value: Filter; onChange: (f: Filter) => void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<{ queues: Ref[]; users: Ref[] }>({ queues: [], users: [] });
  useEffect(() => {
    let live = true;
    void fetchChoices().then((c) => live && setChoices(c));
    return () => {
      live = false;
    };
  }, []);
  const set = (patch: Partial<Filter>) => onChange({ ...value, ...patch });
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label={t("insight.filters.period")}>
      <label className="col-span-2 flex flex-col gap-1 text-xs font-medium text-muted sm:w-48">
        {t("insight.filters.period")}
        <Select
          aria-label={t("insight.filters.period")}
          value={String(value.days)}
          onValueChange={(v) => set({ days: v === "range" ? "range" : Number(v) })}
          options={[
            ...PERIODS.map((n) => ({ value: String(n), label: t("insight.filters.lastDays", { count: n }) })),
            { value: "range", label: t("insight.filters.range") },
          ]}
        />
      </label>
      {value.days === "range" ? (
        <>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted sm:w-40">
            {t("insight.filters.from")}
            <Input type="date" value={value.from} max={value.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted sm:w-40">
            {t("insight.filters.to")}
            <Input type="date" value={value.to} min={value.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </>
      ) : null}
      <label className="flex flex-col gap-1 text-xs font-medium text-muted sm:w-44">
        {t("insight.filters.queue")}
        <Select
          aria-label={t("insight.filters.queue")}
          value={value.queueId || ALL}
          onValueChange={(v) => set({ queueId: v === ALL ? "" : v })}
          options={[{ value: ALL, label: t("insight.filters.allQueues") }, ...choices.queues.map((q) => ({ value: String(q.id), label: q.name }))]}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted sm:w-44">
        {t("insight.filters.agent")}
        <Select
          aria-label={t("insight.filters.agent")}
          value={value.userId || ALL}
          onValueChange={(v) => set({ userId: v === ALL ? "" : v })}
          options={[{ value: ALL, label: t("insight.filters.all") }, ...choices.users.map((u) => ({ value: String(u.id), label: u.name }))]}
        />
      </label>
      {children}
    </div>
  );
}
