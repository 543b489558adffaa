import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { listCompanyExports, startCompanyExport, type CompanyExportView } from "./api";
import "./texts";

/** How often the list is read again while an export is being made. */
const POLL_MS = 2000;

function size(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * "Exportar dados da empresa" (issue 27 §3): the button (with what the archive holds and that secrets stay), and the
 * company's exports with their progress, state, size and download link while it is valid. `companyId`: the super
 * admin's choice of company (the companies page); absent, the admin's own.
 */
export function CompanyExportSection({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const [exports, setExports] = useState<CompanyExportView[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const load = useCallback(() => listCompanyExports(companyId).then(setExports), [companyId]);
  useEffect(() => {
    void load();
  }, [load]);
  const active = exports?.some((e) => e.state === "queued" || e.state === "running") ?? false;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, load]);

  return (
    <section className="space-y-4" aria-labelledby="company-export-title">
      <div className="space-y-1">
        <h2 id="company-export-title" className="text-base font-semibold text-fg">
          {t("companyExport.title")}
        </h2>
        <p className="text-sm text-muted">{t("companyExport.intro")}</p>
      </div>
      <Button onClick={() => setConfirming(true)} disabled={active}>
        {t("companyExport.start")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("companyExport.confirmTitle")}
        message={t("companyExport.confirmMessage")}
        confirmLabel={t("companyExport.confirm")}
        destructive={false}
        onConfirm={async () => {
          try {
            await startCompanyExport(companyId);
            toast.success(t("companyExport.started"));
          } catch (err) {
            toastError(err);
          }
          await load();
        }}
      />
      {exports && exports.length === 0 ? <p className="text-sm text-muted">{t("companyExport.empty")}</p> : null}
      <ul className="space-y-3">
        {(exports ?? []).map((e) => {
          const percent = e.rowsTotal > 0 ? Math.round((e.rowsDone / e.rowsTotal) * 100) : e.state === "done" ? 100 : 0;
          return (
            <li key={e.id} className="rounded-md border border-line p-3 text-sm" data-testid="company-export">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-fg" data-state={e.state}>
                  {t(`companyExport.states.${e.state}`)}
                </span>
                <span className="text-muted">{new Date(e.createdAt).toLocaleString(i18n.language)}</span>
              </div>
              {e.requestedBy ? <div className="text-muted">{t("companyExport.requestedBy", { name: e.requestedBy })}</div> : null}
              <div className="mt-2 h-2 w-full overflow-hidden rounded bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <div className="h-full bg-brand" style={{ width: `${percent}%` }} />
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-muted">
                <span>
                  {t("companyExport.rows", { done: e.rowsDone, total: e.rowsTotal })} · {size(e.bytes)}
                </span>
                {e.downloadUrl ? (
                  <a className="font-medium text-brand underline" href={e.downloadUrl} download>
                    {t("companyExport.download")}
                  </a>
                ) : e.state === "done" ? (
                  <span>{t("companyExport.expired")}</span>
                ) : null}
              </div>
              {e.error ? <div className="mt-1 text-danger">{e.error}</div> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
