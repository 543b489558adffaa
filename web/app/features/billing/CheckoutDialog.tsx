import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { cn } from "../../components/ui/cn";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import type { Recurrence } from "../platform/model";
import { planOverLimit, type PlanUsage } from "../../../../worker/contracts/plans";
import { brl, ddmmyyyy, ownCompany, ownPlan, payInvoice, planAmount, publicPlans, subscriptionUsage, type Invoice, type OwnPlan, type Payer, type PixAnswer } from "./api";
import { PixView } from "./PixView";

const REQUIRED = ["firstName", "address2", "city", "zipcode", "country"] as const;
const STEPS = ["data", "plan", "review"] as const;

/**
 * Spec 001's checkout of one invoice: 0 Dados (the payer), 1 Personalizar (the plan: one of the public plans or the
 * company's own, the current one preselected), 2 Revisar, starting at step 1; PAGAR sends the invoice and the plan's
 * id (never a price: the server prices the plan by the company's recurrence) and shows the Pix the server answers.
 */
export function CheckoutDialog({ invoice, onOpenChange }: { invoice: Invoice | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [step, setStep] = useState(1);
  const [payer, setPayer] = useState<Payer>({ firstName: "", address2: "", city: "", state: "", zipcode: "", country: "BR" });
  const [errors, setErrors] = useState<Partial<Record<keyof Payer, string>>>({});
  const [plans, setPlans] = useState<OwnPlan[] | null>(null);
  const [recurrence, setRecurrence] = useState<Recurrence>("MENSAL");
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const [currentPlanId, setCurrentPlanId] = useState<number | undefined>(undefined);
  const [usage, setUsage] = useState<PlanUsage | null>(null);
  const [pix, setPix] = useState<PixAnswer | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!invoice) return;
    setStep(1);
    setPix(null);
    setErrors({});
    setPlans(null);
    setPlanId(undefined);
    let live = true;
    // The company's billing record fills the payer in; the plans offered are the public ones plus the company's own.
    const company = ownCompany(user.companyId);
    company
      .then((c) =>
        setPayer((p) => ({
          ...p,
          firstName: p.firstName || c.billingName || c.name,
          address2: p.address2 || c.addressStreet || "",
          city: p.city || c.addressCity || "",
          state: p.state || c.addressState || "",
          zipcode: p.zipcode || c.addressZipCode || "",
        })),
      )
      .catch(() => undefined);
    // Without the usage figures every plan is offered, and the server still refuses one that is too small.
    Promise.all([company, publicPlans(), ownPlan(user.companyId).catch(() => null), subscriptionUsage().catch(() => null)])
      .then(([c, offered, own, used]) => {
        if (!live) return;
        const list = own && !offered.some((p) => p.id === own.id) ? [own, ...offered] : offered;
        const payable = list.filter((p) => p.value > 0);
        setRecurrence(c.recurrence ?? "MENSAL");
        setCurrentPlanId(c.plan?.id);
        setUsage(used);
        setPlans(payable);
        const fitting = payable.filter((p) => p.id === c.plan?.id || !used || !planOverLimit(p, used));
        setPlanId(fitting.find((p) => p.id === c.plan?.id)?.id ?? fitting[0]?.id);
      })
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [invoice, user.companyId]);

  const chosen = plans?.find((p) => p.id === planId);
  // Another plan must allow what the company has; its current plan stays payable.
  const overLimit = (p: OwnPlan) => (usage && p.id !== currentPlanId ? planOverLimit(p, usage) : null);
  // What the server will charge: the chosen plan's value by the recurrence (the invoice's own amount without a choice).
  const amount = chosen ? planAmount(chosen.value, recurrence) : (invoice?.value ?? 0);
  const recurrenceLabel = t(`billing.checkout.recurrence.${recurrence}`);

  function payerErrors() {
    const found: Partial<Record<keyof Payer, string>> = {};
    for (const key of REQUIRED) if (!payer[key].trim()) found[key] = t(`billing.checkout.${key}Required`);
    return found;
  }

  async function pay() {
    if (!invoice) return;
    const found = payerErrors();
    setErrors(found);
    if (Object.keys(found).length) {
      setStep(0);
      return;
    }
    setPaying(true);
    try {
      setPix(await payInvoice(invoice.id, chosen?.id, payer));
      toast.info(t("billing.waiting"));
    } catch (err) {
      toastError(err);
    } finally {
      setPaying(false);
    }
  }

  const field = (key: keyof Payer, type = "text") => (
    <Field id={`checkout-${key}`} label={t(`billing.checkout.${key}`)} error={errors[key]}>
      <Input id={`checkout-${key}`} type={type} value={payer[key]} onChange={(e) => setPayer((p) => ({ ...p, [key]: e.target.value }))} invalid={!!errors[key]} maxLength={200} />
    </Field>
  );

  return (
    <Dialog open={!!invoice} onOpenChange={onOpenChange}>
      <DialogContent title={pix ? t("billing.pixTitle") : t("billing.checkout.title")} modalLock size="md">
        {pix ? (
          <PixView pix={pix} />
        ) : invoice ? (
          <>
            <DialogBody className="space-y-4">
              <ol className="flex gap-2" aria-label={t("billing.checkout.stepOf", { n: step + 1 })}>
                {STEPS.map((name, i) => (
                  <li
                    key={name}
                    aria-current={i === step ? "step" : undefined}
                    className={cn(
                      "flex flex-1 items-center gap-2 rounded-lg border px-2 py-1.5 text-xs font-medium",
                      i === step ? "border-brand bg-brand/10 text-brand-text" : "border-line text-muted",
                    )}
                  >
                    <span className={cn("flex size-5 items-center justify-center rounded-full text-[11px]", i === step ? "bg-brand text-brand-fg" : "bg-surface-3")}>{i + 1}</span>
                    <span className="truncate">{t(`billing.checkout.steps.${name}`)}</span>
                  </li>
                ))}
              </ol>
              {step === 0 ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="sm:col-span-2">{field("firstName")}</div>
                  <div className="sm:col-span-2">{field("address2")}</div>
                  {field("city")}
                  {field("state")}
                  {field("zipcode")}
                  <Field id="checkout-country" label={t("billing.checkout.country")} error={errors.country}>
                    <Select
                      id="checkout-country"
                      value={payer.country}
                      onValueChange={(country) => setPayer((p) => ({ ...p, country }))}
                      options={["BR", "usa"].map((c) => ({ value: c, label: t(`billing.checkout.countries.${c}`) }))}
                    />
                  </Field>
                </div>
              ) : step === 1 ? (
                <fieldset className="space-y-2">
                  <legend className="mb-2 text-sm font-semibold">{t("billing.checkout.planTitle")}</legend>
                  {plans === null ? (
                    <p className="text-sm text-muted">{t("billing.checkout.planLoading")}</p>
                  ) : plans.length === 0 ? (
                    <p className="text-sm text-muted">{t("billing.checkout.planNone")}</p>
                  ) : (
                    <div className="grid max-h-[45vh] gap-2 overflow-y-auto p-1 sm:grid-cols-2">
                      {plans.map((p) => {
                        const over = overLimit(p);
                        return (
                          <label
                            key={p.id}
                            data-plan-too-small={over ? "" : undefined}
                            className={cn(
                              "flex items-start gap-3 rounded-xl border p-3 focus-within:ring-2 focus-within:ring-brand",
                              over ? "cursor-not-allowed border-line" : "cursor-pointer",
                              p.id === planId ? "border-brand bg-brand/10" : !over && "border-line hover:bg-surface-2",
                            )}
                          >
                            <input
                              type="radio"
                              name="checkout-plan"
                              value={p.id}
                              checked={p.id === planId}
                              disabled={!!over}
                              aria-describedby={over ? `checkout-plan-${p.id}-over` : undefined}
                              onChange={() => setPlanId(p.id)}
                              className="mt-1 size-4 accent-brand"
                            />
                            <span className="min-w-0 flex-1 space-y-0.5">
                              <span className="flex flex-wrap items-center gap-2">
                                <span className={cn("font-semibold", over && "text-muted")}>{p.name}</span>
                                {p.id === currentPlanId ? (
                                  <span className="rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted">{t("billing.checkout.planCurrent")}</span>
                                ) : null}
                              </span>
                              <span className="block text-xs text-muted">
                                {t("billing.checkout.planUsers", { count: p.users })} · {t("billing.checkout.planConnections", { count: p.connections })} ·{" "}
                                {t("billing.checkout.planQueues", { count: p.queues })}
                              </span>
                              <span className="block text-sm font-semibold">
                                {t("billing.checkout.planPer", { value: brl.format(planAmount(p.value, recurrence)), recurrence: recurrenceLabel })}
                              </span>
                              {over ? (
                                <span id={`checkout-plan-${p.id}-over`} className="block text-xs font-medium text-danger">
                                  {t(`billing.checkout.planTooSmall.${over.resource}`, { used: over.used, limit: over.limit })}
                                </span>
                              ) : null}
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  )}
                  <p className="text-xs text-muted">{t("billing.checkout.planNote")}</p>
                </fieldset>
              ) : (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="text-muted">{t("billing.checkout.invoice")}</dt>
                  <dd>
                    #{invoice.id} · {invoice.detail}
                  </dd>
                  <dt className="text-muted">{t("billing.checkout.plan")}</dt>
                  <dd>
                    <span data-testid="checkout-plan">{chosen ? chosen.name : invoice.detail}</span>
                    {chosen ? <span className="block text-xs text-muted">{t("billing.checkout.planPer", { value: brl.format(amount), recurrence: recurrenceLabel })}</span> : null}
                  </dd>
                  <dt className="text-muted">{t("billing.checkout.due")}</dt>
                  <dd>{ddmmyyyy(invoice.dueDate)}</dd>
                  <dt className="text-muted">{t("billing.checkout.payer")}</dt>
                  <dd>{[payer.firstName, payer.address2, payer.city, payer.state, payer.zipcode].filter(Boolean).join(", ") || "—"}</dd>
                  <dt className="text-muted">{t("billing.checkout.amount")}</dt>
                  <dd>
                    <span className="text-base font-semibold" data-testid="checkout-amount">
                      {brl.format(amount)}
                    </span>
                    <span className="block text-xs text-muted">{t("billing.checkout.amountNote")}</span>
                  </dd>
                </dl>
              )}
            </DialogBody>
            <DialogFooter>
              {step > 0 ? (
                <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={paying}>
                  {t("billing.checkout.back")}
                </Button>
              ) : null}
              {step < 2 ? (
                <Button
                  onClick={() => {
                    if (step === 0) {
                      const found = payerErrors();
                      setErrors(found);
                      if (Object.keys(found).length) return;
                    }
                    setStep((s) => s + 1);
                  }}
                >
                  {t("billing.checkout.next")}
                </Button>
              ) : (
                <Button onClick={() => void pay()} loading={paying}>
                  {t("billing.checkout.pay")}
                </Button>
              )}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
