import { useTranslation } from "react-i18next";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { KNOWN_VALUE_LABELS, settingOptions } from "./options";

export function OptionsTab({ values, saving, onChange }: { values: Record<string, string>; saving: string | null; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t("settings.optionsHint")}</p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {settingOptions.map((option) => {
          const id = `setting-${option.key}`;
          return (
            <div key={option.key} className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-4">
              <label htmlFor={id} className="flex items-center justify-between gap-2 text-sm font-medium">
                {t(`settings.keys.${option.key}`, { defaultValue: option.key })}
                {saving === option.key ? <Spinner className="text-brand" /> : null}
              </label>
              <Select
                id={id}
                value={values[option.key] ?? option.defaultValue}
                onValueChange={(value) => onChange(option.key, value)}
                options={option.values.map((value) => ({
                  value,
                  label: KNOWN_VALUE_LABELS.has(value) ? t(`settings.values.${value}`) : value,
                }))}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
