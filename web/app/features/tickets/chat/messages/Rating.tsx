import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import "../texts";

/** A rating (1 unsatisfied, 2 satisfied, 3 very satisfied: spec 000) as three stars; their meaning is read out. */
export function RatingStars({ rate, className }: { rate: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("ticketChat.rating.stars", { rate })} className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3].map((n) => (
        <Star key={n} className={cn("size-3.5", n <= rate ? "fill-[#f5b301] text-[#f5b301]" : "text-subtle")} aria-hidden />
      ))}
    </span>
  );
}

/** What a rating means, in the user's language ("Muito satisfeito"). */
export function useRatingLabel() {
  const { t } = useTranslation();
  return (rate: number) => t(`ticketChat.rating.values.${rate}`, { defaultValue: String(rate) });
}

/** Under the contact's reply that rated the service: the stars and what they mean. */
export function RatingNote({ rate }: { rate: number }) {
  const { t } = useTranslation();
  const label = useRatingLabel();
  return (
    <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-surface px-2.5 py-0.5 text-xs text-muted shadow-sm" data-testid="rating-note">
      <RatingStars rate={rate} />
      {t("ticketChat.rating.note", { label: label(rate) })}
    </p>
  );
}
