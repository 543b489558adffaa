import { ArrowLeftRight, CheckCircle2, CirclePlus, History, RotateCcw, SquareKanban, Trash2, Undo2, UserCheck, type LucideIcon } from "lucide-react";

const icons: Record<string, LucideIcon> = {
  create: CirclePlus,
  accept: UserCheck,
  reopen: RotateCcw,
  return: Undo2,
  close: CheckCircle2,
  transfer: ArrowLeftRight,
  delete: Trash2,
  kanban: SquareKanban,
};

/** The icon of a history entry, in the drawer's list and on the conversation's system lines. */
export const historyIcon = (action: string): LucideIcon => icons[action] ?? History;
