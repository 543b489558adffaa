import { useTranslation } from "react-i18next";
import type { ServiceLevelShares, TargetShares } from "../../../../worker/contracts/views/insight";
import { Card } from "../../components/layout/Page";
import { cn } from "../../components/ui/cn";
import { TBody, THead, Table, Td, Th, Tr } from "../../components/ui/Table";
import { formatNumber, formatPercent } from "../../lib/numbers";

type Share = { total: number; within: number; share: number | null };
type Row = { id: number; name: string; color?: string; firstResponse?: Share; resolution?: Share };

/** Rows by id with both targets' shares side by side, in name order. */
function rowsOf(first: TargetShares["byQueue"] | TargetShares["byAgent"], resolution: TargetShares["byQueue"] | TargetShares["byAgent"]): Row[] {
  const rows = new Map<number, Row>();
  for (const r of first) rows.set(r.id, { ...rows.get(r.id), id: r.id, name: r.name, color: "color" in r ? r.color : undefined, firstResponse: r });
  for (const r of resolution) rows.set(r.id, { ...rows.get(r.id), id: r.id, name: r.name, color: "color" in r ? r.color : undefined, resolution: r });
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The share of tickets within each service-level target in the period (issue 26 §4), by queue and by agent. */
export function ServiceLevelsPanel({ data }: { data: ServiceLevelShares }) {
  const { t } = useTranslation();
  const none = data.firstResponse.total === 0 && data.resolution.total === 0;
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div data-testid="service-levels">
        <h2 className="text-sm font-semibold">{t("insight.serviceLevels.title")}</h2>
        <p className="text-xs text-muted">{t("insight.serviceLevels.hint")}</p>
      </div>
      {none ? (
        <p className="text-sm text-muted">{t("insight.serviceLevels.none")}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Total label={t("insight.serviceLevels.firstResponse")} share={data.firstResponse} />
            <Total label={t("insight.serviceLevels.resolution")} share={data.resolution} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <SharesTable title={t("insight.serviceLevels.byQueue")} nameHeader={t("insight.serviceLevels.queue")} rows={rowsOf(data.firstResponse.byQueue, data.resolution.byQueue)} testId="sla-by-queue" />
            <SharesTable title={t("insight.serviceLevels.byAgent")} nameHeader={t("insight.serviceLevels.agent")} rows={rowsOf(data.firstResponse.byAgent, data.resolution.byAgent)} testId="sla-by-agent" />
          </div>
        </>
      )}
    </Card>
  );
}

const percent = (share: number | null) => (share === null ? null : share * 100);

function Total({ label, share }: { label: string; share: Share }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="rounded-lg border border-line bg-surface-2 px-3 py-2.5">
      <p className="text-xs text-muted">{label}</p>
      <p className={cn("text-2xl font-semibold tabular-nums", tone(share.share))}>{formatPercent(percent(share.share), i18n.language)}</p>
      <p className="text-xs text-muted">{t("insight.serviceLevels.within", { within: formatNumber(share.within, i18n.language), total: formatNumber(share.total, i18n.language) })}</p>
    </div>
  );
}

/** Below 80 % within is amber, below 50 % red: a supervisor's eye goes there first. */
const tone = (share: number | null) => (share === null ? "" : share < 0.5 ? "text-danger" : share < 0.8 ? "text-[#b45309] dark:text-[#fcd34d]" : "text-fg");

function SharesTable({ title, nameHeader, rows, testId }: { title: string; nameHeader: string; rows: Row[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const cell = (share: Share | undefined) =>
    share ? (
      <span className={cn("tabular-nums", tone(share.share))}>
        {formatPercent(percent(share.share), i18n.language)} <span className="text-xs text-muted">({formatNumber(share.within, i18n.language)}/{formatNumber(share.total, i18n.language)})</span>
      </span>
    ) : (
      "–"
    );
  return (
    <div className="overflow-x-auto">
      <h3 className="mb-1 text-xs font-semibold text-muted uppercase">{title}</h3>
      <Table data-testid={testId}>
        <THead>
          <tr>
            <Th>{nameHeader}</Th>
            <Th className="text-right">{t("insight.serviceLevels.firstResponse")}</Th>
            <Th className="text-right">{t("insight.serviceLevels.resolution")}</Th>
          </tr>
        </THead>
        <TBody>
          {rows.length === 0 ? (
            <Tr>
              <Td colSpan={3} className="text-muted">
                {t("insight.serviceLevels.noRows")}
              </Td>
            </Tr>
          ) : null}
          {rows.map((r) => (
            <Tr key={r.id}>
              <Td className="font-medium">
                <span className="inline-flex items-center gap-1.5">
                  {r.color ? <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: r.color }} aria-hidden /> : null}
                  {r.name}
                </span>
              </Td>
              <Td className="text-right">{cell(r.firstResponse)}</Td>
              <Td className="text-right">{cell(r.resolution)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
