import { FilterX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { inputClasses } from "../../components/ui/Input";
import { actionGroups, actionName } from "./actionNames";
import type { CompanyRef, UserRef } from "./api";
import { NO_FILTERS, type AuditFilters } from "./filters";
import "./texts";

const PLATFORM_GROUPS = actionGroups().filter((g) => ["company", "plan", "support", "audit"].includes(g.area));

/**
 * Who (the company's users; the platform's log: which company instead), what (the codes grouped by area, an area as a
 * whole first), and when (from and to, whole days in the company's zone). Native selects: their groups and keys work
 * everywhere, phones included.
 */
export function AuditFiltersBar({
  filters,
  onChange,
  users,
  companies,
  platform,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  users: UserRef[];
  companies: CompanyRef[];
  platform: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const groups = platform ? PLATFORM_GROUPS : actionGroups();
  const id = platform ? "platform-audit" : "audit";
  const any = Object.entries(filters).some(([key, value]) => value !== "" && (platform ? key !== "actorId" : key !== "companyId"));
  return (
    <fieldset className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1.3fr_auto_auto_auto] lg:items-end">
      <legend className="sr-only">{t("audit.filters.label")}</legend>
      {platform ? (
        <Labelled id={`${id}-company`} label={t("audit.filters.company")} wide>
          <select id={`${id}-company`} className={selectClasses} value={filters.companyId} onChange={(e) => set({ companyId: e.target.value })}>
            <option value="">{t("audit.filters.allCompanies")}</option>
            {companies.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Labelled>
      ) : (
        <Labelled id={`${id}-who`} label={t("audit.filters.who")} wide>
          <select id={`${id}-who`} className={selectClasses} value={filters.actorId} onChange={(e) => set({ actorId: e.target.value })}>
            <option value="">{t("audit.filters.everyone")}</option>
            {users.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
          </select>
        </Labelled>
      )}
      <Labelled id={`${id}-what`} label={t("audit.filters.what")} wide>
        <select id={`${id}-what`} className={selectClasses} value={filters.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">{t("audit.filters.allActions")}</option>
          {groups.map((group) => (
            <optgroup key={group.area} label={t(`audit.areas.${group.area}`)}>
              <option value={`${group.area}.`}>{t("audit.filters.allOfArea", { area: t(`audit.areas.${group.area}`) })}</option>
              {group.actions.map((action) => (
                <option key={action} value={action}>
                  {actionName(action, t)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-from`} label={t("audit.filters.from")}>
        <input id={`${id}-from`} type="date" className={cn(inputClasses, "lg:w-40")} value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </Labelled>
      <Labelled id={`${id}-to`} label={t("audit.filters.to")}>
        <input id={`${id}-to`} type="date" className={cn(inputClasses, "lg:w-40")} value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </Labelled>
      <Button variant="ghost" onClick={() => onChange(NO_FILTERS)} disabled={!any} className="col-span-2 w-full lg:col-span-1 lg:w-auto">
        <FilterX className="size-4" aria-hidden />
        {t("audit.filters.clear")}
      </Button>
    </fieldset>
  );
}

const selectClasses = cn(inputClasses, "appearance-auto pr-2");

/** A filter's label above its control; `wide`: the whole row on phones (who, what), dates share one. */
function Labelled({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", wide && "col-span-2 sm:col-span-1")}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  );
}
