import { Mail, Phone, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { toastError } from "../../../../lib/errors";
import { useEscape } from "../../../../lib/hooks";
import { getContact } from "../api";
import { ContactAvatar } from "../header/ContactAvatar";
import { RatingStars, useRatingLabel } from "../messages/Rating";
import { formatDateTime } from "../../../../lib/dates";
import { formatPhone } from "../../../../lib/phone";
import type { TicketHistory } from "../hooks/useTicketHistory";
import type { ChatTicket, ContactDetails } from "../types";
import { HistorySection } from "./HistorySection";
import { NotesSection } from "./NotesSection";
import { can } from "../../../../../../worker/contracts/permissions";
import { useSessionUser } from "../../../../lib/session-user";
import { ContactPrivacyActions } from "../../../contactPrivacy/ContactPrivacy";
import { ContactConsentSection } from "../../../consent/ContactConsent";
import "../texts";

/** The panel on the right: contact data, extra info, the contact's ratings, the ticket's notes and its history. */
export function ContactDrawer({
  ticket,
  history,
  timeZone,
  onClose,
  onErased,
}: {
  ticket: ChatTicket;
  history: TicketHistory | null;
  timeZone: string;
  onClose: () => void;
  /** The contact's data was erased: the chat loads its blanked messages and notes again. */
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactDetails | null>(null);
  const base = ticket.contact;
  const mayPrivacy = can(useSessionUser(), "contacts:privacy");

  useEffect(() => {
    getContact(base.id)
      .then(setContact)
      .catch((err) => {
        setContact({ ...base, extraInfo: [] });
        toastError(err);
      });
    // Only when the contact changes; realtime updates of its name arrive through the ticket.
  }, [base.id]);

  useEscape(onClose);

  const email = contact?.email || base.email;
  return (
    <aside
      aria-label={t("ticketChat.drawer.title")}
      className="absolute inset-y-0 right-0 z-30 flex w-full flex-col border-l border-line bg-surface shadow-panel @md:w-[22rem] @6xl:static @6xl:z-auto @6xl:shadow-none"
    >
      <div className="flex shrink-0 items-center gap-2 border-b border-line bg-surface-2 px-3 py-3">
        <button
          type="button"
          onClick={onClose}
          aria-label={t("common.close")}
          className="inline-flex size-9 max-sm:size-11 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
        >
          <X className="size-5" aria-hidden />
        </button>
        <h2 className="font-semibold">{t("ticketChat.drawer.title")}</h2>
      </div>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-4 py-5">
        <div className="flex flex-col items-center gap-2 text-center">
          <ContactAvatar name={base.name} url={base.profilePicUrl} className="size-20 text-2xl" />
          <p className="text-lg font-semibold break-words">{base.name}</p>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Phone className="size-3.5" aria-hidden />
            {formatPhone(base.number)}
          </p>
          {email ? (
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <Mail className="size-3.5" aria-hidden />
              <a href={`mailto:${email}`} className="hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
                {email}
              </a>
            </p>
          ) : null}
        </div>
        <section aria-labelledby="chat-extra-title" className="space-y-2">
          <h3 id="chat-extra-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t("ticketChat.drawer.extraInfo")}
          </h3>
          {!contact ? (
            <Skeleton className="h-10 w-full" />
          ) : contact.extraInfo.length === 0 ? (
            <p className="text-sm text-subtle">{t("ticketChat.drawer.noExtraInfo")}</p>
          ) : (
            <dl className="divide-y divide-line rounded-lg border border-line">
              {contact.extraInfo.map((info) => (
                <div key={info.id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                  <dt className="text-muted">{info.name}</dt>
                  <dd className="text-right font-medium break-words">{info.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <ContactConsentSection contact={{ id: base.id, name: contact?.name ?? base.name }} timeZone={timeZone} />
        <RatingsSection ratings={contact ? (contact.ratings ?? null) : undefined} timeZone={timeZone} />
        <NotesSection ticketId={ticket.id} contactId={base.id} timeZone={timeZone} />
        <HistorySection history={history} timeZone={timeZone} />
        {mayPrivacy ? (
          <ContactPrivacyActions contact={{ id: base.id, name: contact?.name ?? base.name }} onErased={onErased} />
        ) : null}
      </div>
    </aside>
  );
}

/** How the contact rated the service: the latest rating, and the average over all of them. undefined: loading. */
function RatingsSection({ ratings, timeZone }: { ratings: ContactDetails["ratings"] | null | undefined; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const label = useRatingLabel();
  return (
    <section aria-labelledby="chat-ratings-title" className="space-y-2">
      <h3 id="chat-ratings-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t("ticketChat.rating.title")}
      </h3>
      {ratings === undefined ? (
        <Skeleton className="h-10 w-full" />
      ) : !ratings?.last ? (
        <p className="text-sm text-subtle">{t("ticketChat.rating.none")}</p>
      ) : (
        <div className="space-y-1 rounded-lg border border-line px-3 py-2 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <RatingStars rate={ratings.last.rate} />
            <span className="font-medium">{t("ticketChat.rating.last", { label: label(ratings.last.rate) })}</span>
            <time dateTime={ratings.last.createdAt} className="text-xs text-subtle">
              {formatDateTime(ratings.last.createdAt, i18n.language, timeZone)}
            </time>
          </p>
          {ratings.average !== null ? (
            <p className="text-xs text-muted">
              {t("ticketChat.rating.average", { count: ratings.count, average: ratings.average.toLocaleString(i18n.language) })}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
