import { CircleCheck, CircleDashed, CircleHelp, CircleX, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { getContactListCheck, startContactListCheck } from "./api";
import type { ContactListCheck, ContactListItemRow } from "./types";
import "./texts";

/** The list's WhatsApp check (ADR 0039): its button, and while it runs a live progress bar; then its tally. */
export function useContactListCheck(contactListId: number) {
  const [check, setCheck] = useState<ContactListCheck | null>(null);
  useEffect(() => {
    getContactListCheck(contactListId)
      .then((r) => setCheck(r.check))
      .catch(toastError);
  }, [contactListId]);
  useRealtimeEvent("contactListCheck", (event) => {
    if (event.check.contactListId === contactListId) setCheck(event.check);
  });
  return [check, setCheck] as const;
}

export function WhatsappCheckButton({ contactListId, check, onStarted }: { contactListId: number; check: ContactListCheck | null; onStarted: (c: ContactListCheck) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const running = check?.status === "running" && !check.stalled;
  const label = !check ? t("contactLists.items.check.start") : check.status === "done" ? t("contactLists.items.check.again") : t("contactLists.items.check.resume");
  const start = async () => {
    setBusy(true);
    try {
      onStarted((await startContactListCheck(contactListId)).check);
      toast.success(t("contactLists.items.check.started"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={start} disabled={busy || running} className="w-full sm:w-auto" data-testid="whatsapp-check">
      <ShieldCheck className="size-4" aria-hidden />
      {running ? t("contactLists.items.check.start") : label}
    </Button>
  );
}

export function WhatsappCheckProgress({ check }: { check: ContactListCheck | null }) {
  const { t } = useTranslation();
  if (!check) return null;
  const percent = check.total > 0 ? Math.round((check.checked / check.total) * 100) : 100;
  const text =
    check.status === "done"
      ? t("contactLists.items.check.done", { ...check })
      : check.status === "failed"
        ? t("contactLists.items.check.failed", { ...check, reason: t(`errors.${check.error}`, { defaultValue: check.error ?? "" }) })
        : check.stalled
          ? t("contactLists.items.check.stalled")
          : t("contactLists.items.check.running", { ...check });
  return (
    <div className="flex flex-col gap-1.5" data-check-status={check.status}>
      <p className="text-sm text-muted" role="status">
        {text}
      </p>
      {check.status !== "done" ? (
        <div
          role="progressbar"
          aria-label={t("contactLists.items.check.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
        >
          <div className={check.status === "failed" ? "h-full bg-danger" : "h-full bg-brand transition-[width]"} style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}

/** An item's WhatsApp check as an icon with its meaning for screen readers and on hover. */
export function WhatsappCheckIcon({ item }: { item: Pick<ContactListItemRow, "whatsappCheck" | "isWhatsappValid"> }) {
  const { t } = useTranslation();
  const result = item.whatsappCheck ?? (item.isWhatsappValid ? "valid" : null);
  const label = t(`contactLists.items.check.${result ?? "unchecked"}`);
  const Icon = result === "valid" ? CircleCheck : result === "invalid" ? CircleX : result === "unknown" ? CircleHelp : CircleDashed;
  const tone = result === "valid" ? "text-brand" : result === "invalid" ? "text-danger" : "text-subtle";
  return (
    <span title={label} data-whatsapp-check={result ?? "unchecked"}>
      <Icon className={`mx-auto size-4 ${tone}`} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
