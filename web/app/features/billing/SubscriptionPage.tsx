import { Link, useNavigate } from "@remix-run/react";
import { CalendarClock, Mail, Package } from "lucide-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { brl, ddmmyyyy, listInvoices, ownCompany, ownPlan, todayIso, type Invoice, type OwnCompany, type OwnPlan } from "./api";
import { CheckoutDialog } from "./CheckoutDialog";
import "./texts";

/** Whole days from today to a timestamp's calendar day (the browser's). */
function daysLeft(iso: string): number {
  const day = new Date(iso).toLocaleDateString("en-CA");
  return Math.round((Date.parse(day) - Date.parse(todayIso())) / 86_400_000);
}

/**
 * /subscription (spec 001): trial days left (or, once the company pays, until when it is paid), the billing e-mail,
 * the plan, and Assine Agora! into the checkout. It follows the company live: a payment or the platform's change
 * reloads it in place (issue 31).
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const [company, setCompany] = useState<OwnCompany | null>(null);
  const [plan, setPlan] = useState<OwnPlan | null>(null);
  const [openInvoice, setOpenInvoice] = useState<Invoice | null | undefined>(undefined);
  const [paying, setPaying] = useState<Invoice | null>(null);

  const load = useCallback(() => {
    ownCompany(user.companyId).then(setCompany).catch(toastError);
    ownPlan(user.companyId).then(setPlan).catch(() => setPlan(null));
    listInvoices()
      .then((list) => setOpenInvoice(list.filter((i) => i.status === "open").sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null))
      .catch((err) => {
        setOpenInvoice(null);
        toastError(err);
      });
  }, [user.companyId]);
  useEffect(load, [load]);

  // Every change of the company (the payment's among them) reloads what the page shows.
  useRealtimeEvent("company", (event) => {
    if (event.companyId === user.companyId) load();
  });
  useRealtimeEvent("payment", (event) => {
    toast.success(t("billing.renewed", { date: ddmmyyyy(event.company.dueDate) }));
    // Spec 001: the checkout that paid goes to / after 4 seconds; a page only showing the subscription stays, updated.
    if (paying) setTimeout(() => navigate("/"), 4000);
    setPaying(null);
  });

  const headline = company ? subscriptionHeadline(company) : null;
  return (
    <PageFrame className="max-w-3xl">
      <PageHeader title={t("billing.subscription.title")} />
      <Card className="space-y-5 p-4 sm:p-6">
        {!company ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <p className="text-lg font-semibold" data-testid="subscription-headline">
              {headline!.kind === "trial"
                ? t("billing.subscription.trialLeft", { count: headline!.days })
                : headline!.kind === "none"
                  ? t("billing.subscription.noTrial")
                  : t(`billing.subscription.${headline!.kind}`, { date: ddmmyyyy(headline!.dueDate) })}
            </p>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact icon={<Mail className="size-4" aria-hidden />} label={t("billing.subscription.billingEmail")} value={company.email} />
              <Fact
                icon={<Package className="size-4" aria-hidden />}
                label={t("billing.subscription.plan")}
                value={plan ? `${plan.name} · ${brl.format(plan.value)}` : (company.plan?.name ?? "—")}
              />
              <Fact icon={<CalendarClock className="size-4" aria-hidden />} label={t("billing.subscription.dueDate")} value={company.dueDate ? ddmmyyyy(company.dueDate) : "—"} />
            </dl>
          </>
        )}
        <div className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          {openInvoice === null ? <p className="text-sm text-muted">{t("billing.subscription.noInvoice")}</p> : <span />}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to="/financeiro" className={buttonClasses("outline")}>
              {t("billing.subscription.invoices")}
            </Link>
            <Button disabled={!openInvoice} onClick={() => openInvoice && setPaying(openInvoice)}>
              {t("billing.subscription.subscribe")}
            </Button>
          </div>
        </div>
      </Card>
      <CheckoutDialog invoice={paying} onOpenChange={(open) => !open && setPaying(null)} />
    </PageFrame>
  );
}

/**
 * What the page says first: the trial days left while a trial runs (a payment ends it), else until when the company
 * is paid, or since when it is overdue.
 */
function subscriptionHeadline(company: OwnCompany): { kind: "trial"; days: number } | { kind: "activeUntil" | "expiredOn"; dueDate: string } | { kind: "none" } {
  if (company.trialExpiration && Date.parse(company.trialExpiration) > Date.now()) return { kind: "trial", days: Math.max(0, daysLeft(company.trialExpiration)) };
  if (!company.dueDate) return { kind: "none" };
  return { kind: company.dueDate.slice(0, 10) < todayIso() ? "expiredOn" : "activeUntil", dueDate: company.dueDate };
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-surface-2 p-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 truncate text-sm font-semibold">{value}</dd>
    </div>
  );
}
