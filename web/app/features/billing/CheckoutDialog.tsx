import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
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
 * company's own, the current one preselected), 2 Revisar. It starts at step 1 when the company's billing record already
 * fills Dados in, else at step 0 (issue 31: never a jump back to errors never seen). Each step is checked before the
 * next one, its errors shown on it; Voltar and the stepper go back (and forward again, through the same checks), and
 * what was typed stays. PAGAR sends the invoice and the plan's id (never a price: the server prices the plan by the
 * company's recurrence) and shows the Pix the server answers.
 */
export function CheckoutDialog({ invoice, onOpenChange }: { invoice: Invoice | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [step, setStep] = useState(1);
  /** The furthest step reached: the stepper offers every step up to it. */
  const [furthest, setFurthest] = useState(1);
  /** Whether the company's record has been read, so the first step is known. */
  const [started, setStarted] = useState(false);
  const [payer, setPayer] = useState<Payer>({ firstName: "", address2: "", city: "", state: "", zipcode: "", country: "BR" });
  const payerNow = useRef(payer);
  payerNow.current = payer;
  const [errors, setErrors] = useState<Partial<Record<keyof Payer, string>>>({});
  const [planError, setPlanError] = useState(false);
  const [plans, setPlans] = useState<OwnPlan[] | null>(null);
  const [recurrence, setRecurrence] = useState<Recurrence>("MENSAL");
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const [currentPlanId, setCurrentPlanId] = useState<number | undefined>(undefined);
  const [usage, setUsage] = useState<PlanUsage | null>(null);
  const [pix, setPix] = useState<PixAnswer | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!invoice) return;
    setStarted(false);
    setPix(null);
    setErrors({});
    setPlanError(false);
    setPlans(null);
    setPlanId(undefined);
    let live = true;
    // The company's billing record fills the payer in (what was typed before stays); the plans offered are the public
    // ones plus the company's own.
    const company = ownCompany(user.companyId);
    const begin = (filled: Payer) => {
      if (!live) return;
      setPayer(filled);
      const first = missingPayerFields(filled).length ? 0 : 1;
      setStep(first);
      setFurthest(first);
      setStarted(true);
    };
    company
      .then((c) => {
        const p = payerNow.current;
        begin({
          ...p,
          firstName: p.firstName || c.billingName || c.name,
          address2: p.address2 || c.addressStreet || "",
          city: p.city || c.addressCity || "",
          state: p.state || c.addressState || "",
          zipcode: p.zipcode || c.addressZipCode || "",
        });
      })
      .catch(() => begin(payerNow.current));
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

  /** Checks one step, showing its errors on it; true when it may be left forwards. */
  function checkStep(s: number): boolean {
    if (s === 0) {
      const missing = missingPayerFields(payer);
      setErrors(Object.fromEntries(missing.map((key) => [key, t(`billing.checkout.${key}Required`)])));
      // The first field to fix gets the focus, so a keyboard or screen-reader user lands on it.
      if (missing[0]) requestAnimationFrame(() => document.getElementById(`checkout-${missing[0]}`)?.focus());
      return missing.length === 0;
    }
    if (s === 1) {
      if (plans === null) return false;
      const ok = plans.length === 0 || (!!chosen && !overLimit(chosen));
      setPlanError(!ok);
      return ok;
    }
    return true;
  }

  /** Back freely; forwards through every step's check, stopping on the first one that fails. */
  function goTo(target: number) {
    if (target <= step) {
      setStep(target);
      return;
    }
    for (let s = step; s < target; s++) {
      if (!checkStep(s)) {
        setStep(s);
        return;
      }
    }
    setStep(target);
    setFurthest((f) => Math.max(f, target));
  }

  async function pay() {
    if (!invoice) return;
    // Every step was checked on the way here; checked again, the failing one is shown rather than a silent refusal.
    for (const s of [0, 1]) {
      if (!checkStep(s)) {
        setStep(s);
        return;
      }
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
      <Input
        id={`checkout-${key}`}
        type={type}
        value={payer[key]}
        onChange={(e) => {
          const value = e.target.value;
          setPayer((p) => ({ ...p, [key]: value }));
          // A field being fixed stops saying it is wrong; the step's check says it again if it still is.
          if (errors[key]) setErrors(({ [key]: _fixed, ...rest }) => rest);
        }}
        invalid={!!errors[key]}
        maxLength={200}
      />
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
                {STEPS.map((name, i) => {
                  const label = t(`billing.checkout.steps.${name}`);
                  const done = i < step;
                  const inner = (
                    <>
                      <span
                        className={cn(
                          "flex size-5 shrink-0 items-center justify-center rounded-full text-[11px]",
                          i === step ? "bg-brand text-brand-fg" : done ? "bg-brand/20 text-brand-text" : "bg-surface-3",
                        )}
                      >
                        {done ? <Check className="size-3" aria-hidden /> : i + 1}
                      </span>
                      {/* On a phone only the current step is named in full; the others keep their name for screen readers. */}
                      <span className={i === step ? "truncate" : "sr-only sm:not-sr-only sm:truncate"}>{label}</span>
                    </>
                  );
                  const box = cn(
                    "flex w-full items-center justify-center gap-2 rounded-lg border px-2 py-1.5 text-xs font-medium sm:justify-start",
                    i === step ? "border-brand bg-brand/10 text-brand-text" : done ? "border-brand/40 text-fg" : "border-line text-muted",
                  );
                  // Steps already reached can be opened again (forwards through the same checks as Próximo).
                  const open = started && i !== step && i <= furthest && !paying;
                  return (
                    <li key={name} aria-current={i === step ? "step" : undefined} className={cn("flex min-w-0", i === step ? "flex-1" : "shrink-0 sm:flex-1")}>
                      {open ? (
                        <button
                          type="button"
                          data-step={name}
                          aria-label={t("billing.checkout.goToStep", { n: i + 1, name: label })}
                          onClick={() => goTo(i)}
                          className={cn(box, "cursor-pointer hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none")}
                        >
                          {inner}
                        </button>
                      ) : (
                        <span data-step={name} className={box}>
                          {inner}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ol>
              {!started ? (
                <p className="text-sm text-muted">{t("billing.checkout.loading")}</p>
              ) : step === 0 ? (
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
                              onChange={() => {
                                setPlanId(p.id);
                                setPlanError(false);
                              }}
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
                                  {t(`billing.checkout.planTooSmall.${over.resource}`, { count: over.used, limit: over.limit })}
                                </span>
                              ) : null}
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  )}
                  {planError ? (
                    <p role="alert" className="text-sm font-medium text-danger">
                      {t("billing.checkout.planRequired")}
                    </p>
                  ) : null}
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
                <Button variant="outline" onClick={() => goTo(step - 1)} disabled={paying}>
                  {t("billing.checkout.back")}
                </Button>
              ) : null}
              {step < 2 ? (
                <Button onClick={() => goTo(step + 1)} disabled={!started || (step === 1 && plans === null)}>
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

/** Dados' required fields (spec 001) still empty. */
function missingPayerFields(payer: Payer): (typeof REQUIRED)[number][] {
  return REQUIRED.filter((key) => !payer[key].trim());
}
