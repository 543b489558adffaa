import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { Spinner } from "../../components/ui/Spinner";
import { VisibilityChip } from "./MacrosTable";
import { useMacroRunner } from "./useMacroRunner";
import { useMacros } from "./useMacros";
import "./texts";

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The chat header menu's "Macros": a searchable list of the macros the user may run on this ticket. */
export function MacroPickerDialog({ ticketId, open, onOpenChange }: { ticketId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const macros = useMacros(open);
  const runner = useMacroRunner();
  const shown = (macros ?? []).filter((m) => fold(m.name).includes(fold(query.trim())));
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent title={t("macros.run.title")} size="sm">
          <DialogBody className="flex flex-col gap-2">
            <div className="flex items-center gap-2 rounded-lg border border-line-strong px-3">
              <Search className="size-4 shrink-0 text-subtle" aria-hidden />
              <input
                autoFocus
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t("macros.run.search")}
                aria-label={t("macros.run.search")}
                className="h-10 min-w-0 flex-1 bg-transparent text-sm text-fg placeholder:text-subtle focus:outline-none"
              />
            </div>
            {!macros ? (
              <div className="px-3 py-3 text-muted">
                <Spinner label={t("common.loading")} />
              </div>
            ) : shown.length === 0 ? (
              <p className="px-3 py-3 text-sm text-muted">{macros.length === 0 ? t("macros.run.none") : t("macros.run.noneFound")}</p>
            ) : (
              <ul aria-label={t("macros.run.title")} className="flex max-h-72 flex-col overflow-y-auto">
                {shown.map((macro) => (
                  <li key={macro.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onOpenChange(false);
                        runner.run(macro, ticketId);
                      }}
                      className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2.5 text-left text-sm hover:bg-surface-3 focus-visible:bg-surface-3"
                    >
                      <span className="truncate font-medium">{macro.name}</span>
                      <VisibilityChip macro={macro} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </DialogBody>
        </DialogContent>
      </Dialog>
      <ConfirmDialog {...runner.confirm} />
    </>
  );
}
