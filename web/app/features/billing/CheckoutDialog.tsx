import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { subscriptionInput } from "../../../../worker/contracts/billing";
import { planOverLimit, type PlanUsage } from "../../../../worker/contracts/plans";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { cn } from "../../components/ui/cn";
import { toastError } from "../../lib/errors";
import { translateSubmission } from "../../lib/form-errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import type { Recurrence } from "../platform/model";
import {
  brl,
  ddmmyyyy,
  ownCompany,
  ownPlan,
  payInvoice,
  planAmount,
  publicPlans,
  subscriptionUsage,
  type Invoice,
  type OwnPlan,
  type Payer,
  type PixAnswer,
} from "./api";
import { PixView } from "./PixView";

const STEPS = ["data", "plan", "review"] as const;
const PAYER_KEYS = ["firstName", "address2", "city", "state", "zipcode", "country"] as const;
const EMPTY_PAYER: Payer = {
  firstName: "",
  address2: "",
  city: "",
  state: "",
  zipcode: "",
  country: "BR",
};

/**
 * A Dados field the checkout requires (spec 001; the API takes the payer as optional): the step's own message when
 * blank, then the contract's rule (billing's subscriptionInput).
 */
function given(key: "firstName" | "address2" | "city" | "zipcode" | "country") {
  const message = `billing.checkout.${key}Required`;
  return z.string({ error: message }).trim().min(1, message).pipe(subscriptionInput.shape[key].unwrap());
}

/** The Dados step: the payer of the billing contract, with the fields the checkout requires. */
export const payerFormSchema = z.object({
  firstName: given("firstName"),
  address2: given("address2"),
  city: given("city"),
  state: subscriptionInput.shape.state.default(""),
  zipcode: given("zipcode"),
  country: given("country"),
});

/** What the checkout reads before its first step: the payer as known, the plans offered and what the company has. */
interface Offer {
  prefill: Payer;
  plans: OwnPlan[];
  recurrence: Recurrence;
  currentPlanId: number | undefined;
  usage: PlanUsage | null;
  /** The plan preselected: the current one, else the first that fits. */
  planId: number | undefined;
}

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
  const [offer, setOffer] = useState<Offer | null>(null);
  const [pix, setPix] = useState<PixAnswer | null>(null);
  /** The payer as last typed: a checkout opened again (another invoice) starts from it. */
  const typed = useRef<Payer>(EMPTY_PAYER);

  useEffect(() => {
    if (!invoice) return;
    setOffer(null);
    setPix(null);
    let live = true;
    // The company's billing record fills the payer in (what was typed before stays); the plans offered are the public
    // ones plus the company's own.
    const company = ownCompany(user.companyId);
    const payer = company
      .then((c): Payer => {
        const p = typed.current;
        return {
          ...p,
          firstName: p.firstName || c.billingName || c.name,
          address2: p.address2 || c.addressStreet || "",
          city: p.city || c.addressCity || "",
          state: p.state || c.addressState || "",
          zipcode: p.zipcode || c.addressZipCode || "",
        };
      })
      .catch(() => typed.current);
    // Without the usage figures every plan is offered, and the server still refuses one that is too small.
    const offered = Promise.all([company, publicPlans(), ownPlan(user.companyId).catch(() => null), subscriptionUsage().catch(() => null)])
      .then(([c, offeredPlans, own, used]) => {
        const list = own && !offeredPlans.some((p) => p.id === own.id) ? [own, ...offeredPlans] : offeredPlans;
        const payable = list.filter((p) => p.value > 0);
        const fitting = payable.filter((p) => p.id === c.plan?.id || !used || !planOverLimit(p, used));
        return {
          plans: payable,
          recurrence: c.recurrence ?? "MENSAL",
          currentPlanId: c.plan?.id,
          usage: used,
          planId: fitting.find((p) => p.id === c.plan?.id)?.id ?? fitting[0]?.id,
        };
      })
      .catch(() => ({
        plans: [],
        recurrence: "MENSAL" as Recurrence,
        currentPlanId: undefined,
        usage: null,
        planId: undefined,
      }));
    void Promise.all([payer, offered]).then(([prefill, rest]) => live && setOffer({ prefill, ...rest }));
    return () => {
      live = false;
    };
  }, [invoice, user.companyId]);

  return (
    <Dialog open={!!invoice} onOpenChange={onOpenChange}>
      <DialogContent title={pix ? t("billing.pixTitle") : t("billing.checkout.title")} modalLock size="md">
        {pix ? (
          <PixView pix={pix} />
        ) : invoice && offer ? (
          <CheckoutForm key={invoice.id} invoice={invoice} offer={offer} typed={typed} onPaid={setPix} />
        ) : invoice ? (
          <>
            <DialogBody className="space-y-4">
              <Stepper step={1} furthest={1} />
              <p className="text-sm text-muted">{t("billing.checkout.loading")}</p>
            </DialogBody>
            <DialogFooter>
              <Button disabled>{t("billing.checkout.next")}</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The three steps as one conform form: Dados' inputs and Personalizar's radios stay mounted (hidden) on the other
 * steps, so what was typed stays, and each step is checked with the contract's rules when it is left.
 */
function CheckoutForm({
  invoice,
  offer,
  typed,
  onPaid,
}: {
  invoice: Invoice;
  offer: Offer;
  typed: { current: Payer };
  onPaid: (pix: PixAnswer) => void;
}) {
  const { t } = useTranslation();
  const first = payerFormSchema.safeParse(offer.prefill).success ? 1 : 0;
  const [step, setStep] = useState(first);
  /** The furthest step reached: the stepper offers every step up to it. */
  const [furthest, setFurthest] = useState(first);
  const [planError, setPlanError] = useState(false);
  const [paying, setPaying] = useState(false);
  const [form, fields] = useForm<Payer & { planId?: string }>({
    id: `checkout-${invoice.id}`,
    defaultValue: {
      ...offer.prefill,
      planId: offer.planId === undefined ? undefined : String(offer.planId),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: payerFormSchema }), t),
    // Próximo and PAGAR move on; Enter in a field only checks the step.
    onSubmit: (event) => event.preventDefault(),
  });

  const payer = Object.fromEntries(PAYER_KEYS.map((key) => [key, typeof fields[key].value === "string" ? fields[key].value : ""])) as Payer;
  typed.current = payer;
  const { plans, usage, currentPlanId, recurrence } = offer;
  const chosen = plans.find((p) => String(p.id) === fields.planId.value);
  // Another plan must allow what the company has; its current plan stays payable.
  const overLimit = (p: OwnPlan) => (usage && p.id !== currentPlanId ? planOverLimit(p, usage) : null);
  // What the server will charge: the chosen plan's value by the recurrence (the invoice's own amount without a choice).
  const amount = chosen ? planAmount(chosen.value, recurrence) : invoice.value;
  const recurrenceLabel = t(`billing.checkout.recurrence.${recurrence}`);

  /** Dados by the contract's rules: the payer, or null with the errors shown under the fields (the first one focused). */
  function checkPayer(): Payer | null {
    const element = document.forms.namedItem(form.id);
    const submission = parseWithZod(new FormData(element ?? undefined), {
      schema: payerFormSchema,
    });
    if (submission.status === "success") return submission.value;
    form.validate();
    const wrong = PAYER_KEYS.find((key) => submission.error?.[key]);
    // The first field to fix gets the focus, so a keyboard or screen-reader user lands on it.
    if (wrong) requestAnimationFrame(() => document.getElementById(fields[wrong].id)?.focus());
    return null;
  }

  /** Checks one step, showing its errors on it; true when it may be left forwards. */
  function checkStep(s: number): boolean {
    if (s === 0) return checkPayer() !== null;
    if (s === 1) {
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
    // Every step was checked on the way here; checked again, the failing one is shown rather than a silent refusal.
    const checked = checkPayer();
    if (!checked) return setStep(0);
    if (!checkStep(1)) return setStep(1);
    setPaying(true);
    try {
      onPaid(await payInvoice(invoice.id, chosen?.id, checked));
      toast.info(t("billing.waiting"));
    } catch (err) {
      toastError(err);
    } finally {
      setPaying(false);
    }
  }

  const field = (key: Exclude<keyof Payer, "country">) => {
    const meta = fields[key];
    const error = meta.errors?.[0];
    return (
      <Field id={meta.id} label={t(`billing.checkout.${key}`)} error={error}>
        <Input
          id={meta.id}
          name={meta.name}
          key={meta.key}
          defaultValue={meta.initialValue}
          invalid={!!error}
          aria-describedby={describedBy(meta.id, error)}
          maxLength={200}
        />
      </Field>
    );
  };

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <Stepper step={step} furthest={furthest} onGo={paying ? undefined : goTo} />
        <div className="grid gap-3 sm:grid-cols-2" hidden={step !== 0}>
          <div className="sm:col-span-2">{field("firstName")}</div>
          <div className="sm:col-span-2">{field("address2")}</div>
          {field("city")}
          {field("state")}
          {field("zipcode")}
          <Field id={fields.country.id} label={t("billing.checkout.country")} error={fields.country.errors?.[0]}>
            <Select
              id={fields.country.id}
              name={fields.country.name}
              key={fields.country.key}
              defaultValue={fields.country.initialValue || "BR"}
              options={["BR", "usa"].map((c) => ({
                value: c,
                label: t(`billing.checkout.countries.${c}`),
              }))}
            />
          </Field>
        </div>
        <fieldset className="space-y-2" hidden={step !== 1}>
          <legend className="mb-2 text-sm font-semibold">{t("billing.checkout.planTitle")}</legend>
          {plans.length === 0 ? (
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
                      p.id === chosen?.id ? "border-brand bg-brand/10" : !over && "border-line hover:bg-surface-2"
                    )}
                  >
                    <input
                      type="radio"
                      name={fields.planId.name}
                      value={p.id}
                      defaultChecked={p.id === offer.planId}
                      disabled={!!over}
                      aria-describedby={over ? `checkout-plan-${p.id}-over` : undefined}
                      onChange={() => setPlanError(false)}
                      className="mt-1 size-4 accent-brand"
                    />
                    <span className="min-w-0 flex-1 space-y-0.5">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className={cn("font-semibold", over && "text-muted")}>{p.name}</span>
                        {p.id === offer.currentPlanId ? (
                          <span className="rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted">
                            {t("billing.checkout.planCurrent")}
                          </span>
                        ) : null}
                      </span>
                      <span className="block text-xs text-muted">
                        {t("billing.checkout.planUsers", { count: p.users })} ·{" "}
                        {t("billing.checkout.planConnections", {
                          count: p.connections,
                        })}{" "}
                        · {t("billing.checkout.planQueues", { count: p.queues })}
                      </span>
                      <span className="block text-sm font-semibold">
                        {t("billing.checkout.planPer", {
                          value: brl.format(planAmount(p.value, offer.recurrence)),
                          recurrence: recurrenceLabel,
                        })}
                      </span>
                      {over ? (
                        <span id={`checkout-plan-${p.id}-over`} className="block text-xs font-medium text-danger">
                          {t(`billing.checkout.planTooSmall.${over.resource}`, {
                            count: over.used,
                            limit: over.limit,
                          })}
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
        {step === 2 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t("billing.checkout.invoice")}</dt>
            <dd>
              #{invoice.id} · {invoice.detail}
            </dd>
            <dt className="text-muted">{t("billing.checkout.plan")}</dt>
            <dd>
              <span data-testid="checkout-plan">{chosen ? chosen.name : invoice.detail}</span>
              {chosen ? (
                <span className="block text-xs text-muted">
                  {t("billing.checkout.planPer", {
                    value: brl.format(amount),
                    recurrence: recurrenceLabel,
                  })}
                </span>
              ) : null}
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
        ) : null}
      </DialogBody>
      <DialogFooter>
        {step > 0 ? (
          <Button variant="outline" onClick={() => goTo(step - 1)} disabled={paying}>
            {t("billing.checkout.back")}
          </Button>
        ) : null}
        {step < 2 ? (
          <Button onClick={() => goTo(step + 1)}>{t("billing.checkout.next")}</Button>
        ) : (
          <Button onClick={() => void pay()} loading={paying}>
            {t("billing.checkout.pay")}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

/** The checkout's steps; with `onGo`, the steps already reached can be opened again. */
function Stepper({ step, furthest, onGo }: { step: number; furthest: number; onGo?: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <ol className="flex gap-2" aria-label={t("billing.checkout.stepOf", { n: step + 1 })}>
      {STEPS.map((name, i) => {
        const label = t(`billing.checkout.steps.${name}`);
        const done = i < step;
        const inner = (
          <>
            <span
              className={cn(
                "flex size-5 shrink-0 items-center justify-center rounded-full text-[11px]",
                i === step ? "bg-brand text-brand-fg" : done ? "bg-brand/20 text-brand-text" : "bg-surface-3"
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
          i === step ? "border-brand bg-brand/10 text-brand-text" : done ? "border-brand/40 text-fg" : "border-line text-muted"
        );
        // Steps already reached can be opened again (forwards through the same checks as Próximo).
        const open = !!onGo && i !== step && i <= furthest;
        return (
          <li key={name} aria-current={i === step ? "step" : undefined} className={cn("flex min-w-0", i === step ? "flex-1" : "shrink-0 sm:flex-1")}>
            {open ? (
              <button
                type="button"
                data-step={name}
                aria-label={t("billing.checkout.goToStep", {
                  n: i + 1,
                  name: label,
                })}
                onClick={() => onGo?.(i)}
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
  );
}
