import { WandSparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOpenTicket } from "../macros/openTicket";
import type { MacroRow } from "../macros/types";
import { useMacros } from "../macros/useMacros";
import type { CommandItem } from "./useCommandResults";
import "../macros/texts";

export type RunMacro = (macro: MacroRow, ticketId: number) => void;

/** While a ticket is open in the chat: "Executar macro: <name>" for each macro the user may run. */
export function useMacroCommands(run: RunMacro): CommandItem[] {
  const { t } = useTranslation();
  const ticket = useOpenTicket();
  const macros = useMacros(!!ticket);
  if (!ticket || !macros) return [];
  return macros.map((macro) => ({
    id: `macro-${macro.id}`,
    group: "macros",
    label: t("macros.run.commandLabel", { name: macro.name }),
    icon: WandSparkles,
    run: () => run(macro, ticket.id),
  }));
}
