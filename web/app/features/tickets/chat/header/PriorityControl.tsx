import { Check, Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TICKET_PRIORITIES, type TicketPriority } from "../../../../../../worker/contracts/automation/actions";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../../components/ui/Menu";
import { cn } from "../../../../components/ui/cn";
import { toastError } from "../../../../lib/errors";
import { PriorityChip } from "../../shared/TicketBadges";
import { setTicketPriority } from "../api";
import type { ChatTicket } from "../types";

/** The ticket's priority: its chip (a flag when normal) opens the four priorities (PUT /tickets/:id/priority). */
export function PriorityControl({ ticket, onChange }: { ticket: ChatTicket; onChange: (ticket: ChatTicket) => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const choose = async (priority: TicketPriority) => {
    if (priority === ticket.priority) return;
    setSaving(true);
    try {
      onChange(await setTicketPriority(ticket.id, priority));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const current = ticket.priority ?? "normal";
  return (
    <Menu>
      <MenuTrigger
        aria-label={`${t("tickets.priority.change")} (${t(`tickets.priority.${current}`)})`}
        title={t("tickets.priority.change")}
        disabled={saving}
        data-testid="chat-priority"
        className={cn(
          "inline-flex h-9 max-sm:h-11 max-sm:min-w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg disabled:opacity-60",
          current === "normal" ? "w-9" : "px-1",
        )}
      >
        {current === "normal" ? <Flag className="size-5" aria-hidden /> : <PriorityChip priority={current} />}
      </MenuTrigger>
      <MenuContent>
        {TICKET_PRIORITIES.map((priority) => (
          <MenuItem key={priority} onSelect={() => void choose(priority)}>
            <Check className={cn("size-4", priority === current ? "text-brand-text" : "invisible")} aria-hidden />
            {t(`tickets.priority.${priority}`)}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
