import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { SLA_UNITS } from "./schema";

type Target = { amount: FieldMetadata<number | undefined>; unit: FieldMetadata<string | undefined> };

/** The queue's service-level targets (issue 26 §4): each an amount in minutes or hours; blank for none. */
export function ServiceLevelFields({ firstResponse, resolution }: { firstResponse: Target; resolution: Target }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{t("queues.dialog.serviceLevels")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TargetField label={t("queues.dialog.slaFirstResponse")} target={firstResponse} testId="sla-first-response" />
        <TargetField label={t("queues.dialog.slaResolution")} target={resolution} testId="sla-resolution" />
      </div>
      <p className="text-xs text-muted">{t("queues.dialog.slaHint")}</p>
    </fieldset>
  );
}

function TargetField({ label, target, testId }: { label: string; target: Target; testId: string }) {
  const { t } = useTranslation();
  const error = target.amount.errors?.[0];
  return (
    <Field id={target.amount.id} label={label} error={error}>
      <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-2">
        <Input
          id={target.amount.id}
          name={target.amount.name}
          key={target.amount.key}
          defaultValue={target.amount.initialValue}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          invalid={!!error}
          aria-describedby={describedBy(target.amount.id, error)}
          data-testid={testId}
          className="tabular-nums"
        />
        <Select
          name={target.unit.name}
          key={target.unit.key}
          defaultValue={target.unit.initialValue ?? "minutes"}
          aria-label={t("queues.dialog.slaUnit", { target: label })}
          options={SLA_UNITS.map((unit) => ({ value: unit, label: t(`queues.dialog.${unit}`) }))}
        />
      </div>
    </Field>
  );
}
