import { UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatPhone } from "../../../../lib/phone";
import { parseVCards } from "../rules/vcard";
import "../texts";

/** A shared contact (vCard): name and number of each card. */
export function ContactCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const cards = parseVCards(body);
  if (cards.length === 0) return <p className="text-sm whitespace-pre-wrap break-words">{body || t("ticketChat.kinds.contact")}</p>;
  return (
    <ul className="w-64 max-w-[62cqw] space-y-1.5">
      {cards.map((card, i) => (
        <li key={i} className="flex items-center gap-3 rounded-lg bg-black/5 px-3 py-2.5 dark:bg-white/5">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-3 text-muted">
            <UserRound className="size-5" aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold">{card.name}</span>
            {card.number ? <span className="block truncate text-xs text-muted">{formatPhone(card.number)}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
