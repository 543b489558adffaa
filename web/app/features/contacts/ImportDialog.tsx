import { CircleCheck, Download, FileDown, FileSpreadsheet, Smartphone, TriangleAlert, Upload } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Spinner } from "../../components/ui/Spinner";
import { errorMessage } from "../../lib/errors";
import { importContactRows, importContactsFromPhone, uploadContactSheet } from "./api";
import { csvDocument, exportFileName, formatBytes, saveText } from "../../lib/files";
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, sheetKind, type ImportRow, type SheetReading } from "./sheet";
import { SHEET_HEADERS, type SheetLanguage } from "../../../../worker/contracts/contactSheet";
import type { ImportReport } from "./types";
import { readLegacyXls, SheetReadError, sniffSpreadsheet } from "./xls";
import "./texts";

/** Where an import goes: the contacts (default) or another importer of the same rows (a campaign's contact list). */
export interface ImportTarget {
  /** An .xlsx or .csv, sent as is (an .xlsx saved as .xls under its new name). */
  upload(file: File, fileName?: string): Promise<ImportReport>;
  /** Rows this page read from a legacy .xls. */
  importRows(rows: ImportRow[]): Promise<ImportReport>;
  /** The connected phone's address book, where it makes sense. */
  fromPhone?: () => Promise<ImportReport>;
}

const contactsTarget: ImportTarget = { upload: uploadContactSheet, importRows: importContactRows, fromPhone: importContactsFromPhone };

/** Skipped rows listed in the dialog; the CSV download has them all. */
const REPORT_ROWS_SHOWN = 200;

type Step = "reading" | "importing";
type State =
  | { phase: "pick"; file: File | null; error: string | null }
  | { phase: "working"; file: File; step: Step; rows?: number }
  | { phase: "done"; file: File; report: ImportReport };

/**
 * Import contacts from a spreadsheet (spec: accepts .xls and .xlsx; and .csv, so the export can be imported back).
 * An .xlsx or .csv goes to the server as is; a legacy .xls is read here (xls.ts) and its rows are posted. A template
 * with the column headers in the user's language can be downloaded. Progress is shown step by step, then the report: how many
 * were imported and which rows were left out, and why.
 */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
  target = contactsTarget,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (report: ImportReport) => void;
  target?: ImportTarget;
  title?: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: "pick", file: null, error: null });
  const busy = state.phase === "working";
  const change = (next: boolean) => {
    if (busy) return;
    onOpenChange(next);
    if (!next) setState({ phase: "pick", file: null, error: null });
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={title ?? t("contacts.import.title")} size={state.phase === "done" ? "lg" : "md"}>
        {state.phase === "pick" ? (
          <PickStep state={state} setState={setState} onCancel={() => change(false)} onImported={onImported} target={target} />
        ) : state.phase === "working" ? (
          <WorkingStep state={state} />
        ) : (
          <ReportStep report={state.report} file={state.file} onAgain={() => setState({ phase: "pick", file: null, error: null })} onClose={() => change(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickStep({
  state,
  setState,
  onCancel,
  onImported,
  target,
}: {
  state: Extract<State, { phase: "pick" }>;
  setState: (state: State) => void;
  onCancel: () => void;
  onImported: (report: ImportReport) => void;
  target: ImportTarget;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const { file, error } = state;

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    if (!sheetKind(picked.name)) setState({ phase: "pick", file: null, error: t("contacts.import.wrongType") });
    else if (picked.size > MAX_IMPORT_FILE_BYTES) setState({ phase: "pick", file: null, error: t("contacts.import.tooLarge", { size: formatBytes(MAX_IMPORT_FILE_BYTES, i18n.language) }) });
    else setState({ phase: "pick", file: picked, error: null });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const run = async () => {
    if (!file) return;
    const fail = (message: string) => setState({ phase: "pick", file, error: message });
    try {
      const kind = sheetKind(file.name);
      // An .xlsx saved under the old extension is still an .xlsx: the server reads it.
      const legacy = kind === "xls" && (await sniffSpreadsheet(file)) !== "zip";
      let report: ImportReport;
      if (legacy) {
        setState({ phase: "working", file, step: "reading" });
        const reading: SheetReading = await readLegacyXls(file);
        if (!reading.ok) return fail(t(`contacts.import.sheet.${reading.reason}`, { max: MAX_IMPORT_ROWS.toLocaleString(i18n.language) }));
        setState({ phase: "working", file, step: "importing", rows: reading.rows.length });
        report = await target.importRows(reading.rows);
      } else {
        setState({ phase: "working", file, step: "importing" });
        report = await target.upload(file, kind === "xls" ? file.name.replace(/\.xls$/i, ".xlsx") : undefined);
      }
      setState({ phase: "done", file, report });
      onImported(report);
    } catch (err) {
      if (err instanceof SheetReadError) fail(t(`contacts.import.read.${err.reason}`, { size: formatBytes(MAX_IMPORT_FILE_BYTES, i18n.language) }));
      else fail(errorMessage(err, t));
    }
  };

  // The connected phone's address book goes through the same import and report; the "file" names the source.
  const fromPhone = async () => {
    if (!target.fromPhone) return;
    const source = new File([], t("contacts.import.phoneSource"));
    setState({ phase: "working", file: source, step: "importing" });
    try {
      const report = await target.fromPhone();
      setState({ phase: "done", file: source, report });
      onImported(report);
    } catch (err) {
      setState({ phase: "pick", file: null, error: errorMessage(err, t) });
    }
  };

  return (
    <>
      <DialogBody className="flex flex-col gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
            "focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/25",
            dragging ? "border-brand bg-brand-soft" : "border-line-strong hover:bg-surface-2",
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
            <FileSpreadsheet className="size-6" aria-hidden />
          </span>
          {file ? (
            <>
              <span className="max-w-full truncate text-sm font-medium">{file.name}</span>
              <span className="text-xs text-subtle">
                {formatBytes(file.size, i18n.language)} · {t("contacts.import.change")}
              </span>
            </>
          ) : (
            <>
              <span className="text-sm font-medium">{t("contacts.import.pick")}</span>
              <span className="text-xs text-subtle">{t("contacts.import.limits", { size: formatBytes(MAX_IMPORT_FILE_BYTES, i18n.language), max: MAX_IMPORT_ROWS.toLocaleString(i18n.language) })}</span>
            </>
          )}
          <input
            id={inputId}
            type="file"
            accept=".xls,.xlsx,.csv,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            aria-describedby={`${inputId}-help${error ? ` ${inputId}-error` : ""}`}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {error}
          </p>
        ) : null}
        <div id={`${inputId}-help`} className="flex flex-col gap-2 rounded-lg bg-surface-2 px-3 py-2.5 text-xs text-muted sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-medium text-fg">{t("contacts.import.columnsTitle")}</p>
            <p className="mt-1">{t("contacts.import.columns")}</p>
          </div>
          <Button variant="outline" size="sm" className="shrink-0 self-start" onClick={() => downloadTemplate(i18n.language, t("contacts.import.templateName"))}>
            <FileDown className="size-4" aria-hidden />
            {t("contacts.import.template")}
          </Button>
        </div>
      </DialogBody>
      <DialogFooter>
        {target.fromPhone ? (
          <Button variant="ghost" className="sm:mr-auto" onClick={fromPhone} title={t("contacts.import.fromPhoneHint")}>
            <Smartphone className="size-4" aria-hidden />
            {t("contacts.import.fromPhone")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button onClick={run} disabled={!file}>
          <Upload className="size-4" aria-hidden />
          {t("contacts.import.submit")}
        </Button>
      </DialogFooter>
    </>
  );
}

function WorkingStep({ state }: { state: Extract<State, { phase: "working" }> }) {
  const { t, i18n } = useTranslation();
  const label =
    state.step === "reading"
      ? t("contacts.import.reading")
      : state.rows !== undefined
        ? t("contacts.import.importingRows", { count: state.rows, formatted: state.rows.toLocaleString(i18n.language) })
        : t("contacts.import.importing");
  return (
    <DialogBody className="flex flex-col gap-4 py-8">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 text-center">
        <Spinner className="size-6 text-brand" />
        <p className="text-sm font-medium">{label}</p>
        <p className="max-w-full truncate text-xs text-subtle">{state.file.name}</p>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-surface-3" aria-hidden>
        <div className={cn("h-full rounded-full bg-brand animate-shimmer transition-[width] duration-500", state.step === "reading" ? "w-1/3" : "w-2/3")} />
      </div>
    </DialogBody>
  );
}

function ReportStep({ report, file, onAgain, onClose }: { report: ImportReport; file: File; onAgain: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const skipped = report.skipped;
  const reason = (r: ImportReport["skipped"][number]["reason"]) => t(`contacts.import.reasons.${r}`);
  const downloadSkipped = () =>
    saveText(
      csvDocument([[t("contacts.import.row"), t("contacts.import.number"), t("contacts.import.reason")], ...skipped.map((s) => [s.row, s.number, reason(s.reason)])], i18n.language),
      exportFileName(`${file.name.replace(/\.[^.]+$/, "")}-skipped`, new Date()),
    );
  return (
    <>
      <DialogBody className="flex flex-col gap-4">
        <div role="status" className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3">
          <CircleCheck className={cn("size-6 shrink-0", report.imported > 0 ? "text-brand" : "text-subtle")} aria-hidden />
          <div className="min-w-0">
            <p className="text-sm font-semibold">{t("contacts.import.imported", { count: report.imported, formatted: report.imported.toLocaleString(i18n.language) })}</p>
            <p className="text-xs text-muted">
              {skipped.length > 0
                ? t("contacts.import.skippedCount", { count: skipped.length, formatted: skipped.length.toLocaleString(i18n.language) })
                : t("contacts.import.noneSkipped")}
            </p>
          </div>
        </div>
        {skipped.length > 0 ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{t("contacts.import.skippedTitle")}</h3>
              <Button variant="ghost" size="sm" onClick={downloadSkipped}>
                <Download className="size-4" aria-hidden />
                {t("contacts.import.downloadSkipped")}
              </Button>
            </div>
            <div className="max-h-64 overflow-auto rounded-xl border border-line">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t("contacts.import.skippedTitle")}</caption>
                <thead className="sticky top-0 bg-surface-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
                  <tr>
                    <th scope="col" className="w-16 border-b border-line px-3 py-2">
                      {t("contacts.import.row")}
                    </th>
                    <th scope="col" className="border-b border-line px-3 py-2">
                      {t("contacts.import.number")}
                    </th>
                    <th scope="col" className="border-b border-line px-3 py-2">
                      {t("contacts.import.reason")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {skipped.slice(0, REPORT_ROWS_SHOWN).map((s, i) => (
                    <tr key={`${s.row}-${i}`}>
                      <td className="px-3 py-2 text-muted tabular-nums">{s.row}</td>
                      <td className="max-w-40 truncate px-3 py-2 tabular-nums">{s.number || <span className="text-subtle">—</span>}</td>
                      <td className="px-3 py-2">{reason(s.reason)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {skipped.length > REPORT_ROWS_SHOWN ? (
              <p className="text-xs text-subtle">{t("contacts.import.moreSkipped", { count: skipped.length - REPORT_ROWS_SHOWN })}</p>
            ) : null}
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onAgain}>
          {t("contacts.import.again")}
        </Button>
        <Button onClick={onClose} autoFocus>
          {t("common.close")}
        </Button>
      </DialogFooter>
    </>
  );
}

/** An empty sheet to fill in: the column headers the import reads, in the user's language, as CSV. */
function downloadTemplate(language: string, name: string) {
  const headers = SHEET_HEADERS[(language in SHEET_HEADERS ? language : "pt-BR") as SheetLanguage];
  saveText(csvDocument([[headers.name, headers.number, headers.email, headers.consent]], language), `${name}.csv`);
}
