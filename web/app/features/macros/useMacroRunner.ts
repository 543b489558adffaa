import { useState } from "react";
import { useTranslation } from "react-i18next";
import { macroRunRefusal, type MacroRunRefusal } from "../../../../worker/contracts/views/macro";
import type { MacroAction } from "../../../../worker/contracts/automation/macros";
import { ApiError } from "../../lib/api-error";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { runMacro } from "./api";
import type { MacroRow } from "./types";
import "../automationActions/texts";
import "./texts";

/** What a refused run says about its steps, when the error is one. */
function refusalOf(err: unknown): MacroRunRefusal | null {
  if (!(err instanceof ApiError)) return null;
  const parsed = macroRunRefusal.safeParse(err.body.macroRun);
  return parsed.success ? parsed.data : null;
}

/**
 * Runs a macro on a ticket: asks first when the macro closes the ticket, then tells what it did (or at which step
 * it stopped, and what stands before it). The chat follows the changes live. Render `confirm` with a ConfirmDialog.
 */
export function useMacroRunner() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ macro: MacroRow; ticketId: number } | null>(null);
  const summary = (types: MacroAction["type"][]) => types.map((type) => t(`automationActions.types.${type}`)).join(", ");

  const execute = async (macro: MacroRow, ticketId: number) => {
    try {
      const result = await runMacro(ticketId, macro.id);
      toast.success(t("macros.run.done", { name: macro.name, summary: summary(result.ran) }));
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) {
        toast.error(errorMessage(err, t));
        return;
      }
      const failed = t("macros.run.failed", { step: refusal.failedStep + 1, action: t(`automationActions.types.${refusal.failedType}`), reason: errorMessage(err, t) });
      toast.error(refusal.ran.length ? `${failed} ${t("macros.run.failedAfter", { summary: summary(refusal.ran) })}` : failed);
    }
  };

  const run = (macro: MacroRow, ticketId: number) => {
    if (macro.actions.some((a) => a.type === "close")) setPending({ macro, ticketId });
    else void execute(macro, ticketId);
  };

  const confirm = {
    open: !!pending,
    onOpenChange: (open: boolean) => !open && setPending(null),
    title: t("macros.run.confirmCloseTitle", { name: pending?.macro.name ?? "" }),
    message: t("macros.run.confirmCloseMessage", { summary: pending ? summary(pending.macro.actions.map((a) => a.type)) : "" }),
    confirmLabel: t("macros.run.confirmRun"),
    destructive: false,
    onConfirm: async () => {
      if (pending) await execute(pending.macro, pending.ticketId);
      setPending(null);
    },
  };
  return { run, confirm };
}
