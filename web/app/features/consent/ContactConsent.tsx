import { BellOff, BellRing } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { formatDateTime } from "../../lib/dates";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { getContactConsent, setContactConsent, type ContactConsent, type ConsentState } from "./api";
import "./texts";

const STATE_STYLE: Record<ConsentState, string> = {
  unknown: "bg-surface-3 text-muted",
  granted: "bg-brand-soft text-brand-text",
  revoked: "bg-danger-soft text-danger",
};

/** A consent state as a small coloured label (the drawer, the contacts list). */
export function ConsentBadge({ state }: { state: ConsentState }) {
  const { t } = useTranslation();
  return (
    <span data-consent={state} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[state]}`}>
      {t(`consent.state.${state}`)}
    </span>
  );
}

/**
 * The contact drawer's marketing consent (issue 28): the state, since when, how and by whom; grant, or revoke with a
 * confirmation (the opt-out: campaigns and marketing schedules skip the contact); and the latest changes as proof.
 */
export function ContactConsentSection({ contact, timeZone }: { contact: { id: number; name: string }; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [consent, setConsent] = useState<ContactConsent | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  const load = useCallback(() => getContactConsent(contact.id).then(setConsent).catch(toastError), [contact.id]);
  useEffect(() => {
    setConsent(null);
    void load();
  }, [load]);

  const change = async (state: "granted" | "revoked") => {
    setBusy(true);
    try {
      await setContactConsent(contact.id, state);
      toast.success(t(state === "granted" ? "consent.granted" : "consent.revoked"));
      await load();
    } catch (err) {
      toastError(err);
      throw err;
    } finally {
      setBusy(false);
    }
  };

  const how = (source: string) => t(`consent.how.${source}`);
  const current = consent?.history[0];
  return (
    <section aria-labelledby="chat-consent-title" className="space-y-2" data-testid="contact-consent">
      <h3 id="chat-consent-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t("consent.title")}
      </h3>
      {!consent ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <div className="space-y-3 rounded-lg border border-line px-3 py-3 text-sm">
          <div className="space-y-1">
            <ConsentBadge state={consent.state} />
            {consent.at && consent.how ? (
              <p className="text-xs text-muted">
                {current?.userName && current.state === consent.state
                  ? t("consent.sinceBy", { date: formatDateTime(consent.at, i18n.language, timeZone), how: how(consent.how), name: current.userName })
                  : t("consent.since", { date: formatDateTime(consent.at, i18n.language, timeZone), how: how(consent.how) })}
              </p>
            ) : null}
            {consent.state === "revoked" ? <p className="text-xs text-muted">{t("consent.blockedNote")}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {consent.state !== "granted" ? (
              <Button variant="outline" size="sm" onClick={() => change("granted").catch(() => undefined)} loading={busy}>
                <BellRing className="size-4" aria-hidden />
                {t("consent.grant")}
              </Button>
            ) : null}
            {consent.state !== "revoked" ? (
              <Button variant="outline" size="sm" className="text-danger" onClick={() => setConfirmRevoke(true)} disabled={busy}>
                <BellOff className="size-4" aria-hidden />
                {t("consent.revoke")}
              </Button>
            ) : null}
          </div>
          <details className="group">
            <summary className="cursor-pointer text-xs font-medium text-muted hover:text-fg max-sm:py-3.5">{t("consent.history")}</summary>
            {consent.history.length === 0 ? (
              <p className="mt-2 text-xs text-subtle">{t("consent.noHistory")}</p>
            ) : (
              <ol className="mt-2 space-y-1.5">
                {consent.history.map((h) => (
                  <li key={h.id} className="text-xs">
                    <span className="font-medium">{t("consent.historyRow", { state: t(`consent.state.${h.state}`), how: how(h.how) })}</span>
                    {h.userName ? <span className="text-muted"> · {h.userName}</span> : null}
                    <time dateTime={h.at} className="block text-subtle">
                      {formatDateTime(h.at, i18n.language, timeZone)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </details>
        </div>
      )}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title={t("consent.revokeTitle", { name: contact.name })}
        message={t("consent.revokeMessage")}
        confirmLabel={t("consent.revokeConfirm")}
        onConfirm={() => change("revoked")}
      />
    </section>
  );
}
