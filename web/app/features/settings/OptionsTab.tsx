import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { contactTexts, ratingPrompt } from "../../../../worker/contracts/contactTexts";
import { Button } from "../../components/ui/Button";
import { textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { settingOptions, valueLabelKey, type SettingOption } from "./options";

/** Choices save as soon as they change; a message saves with its own button. */
export function OptionsTab({ values, saving, onChange }: { values: Record<string, string>; saving: string | null; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const choices = settingOptions.filter((o) => o.kind === "choice");
  const texts = settingOptions.filter((o) => o.kind === "text");
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t("settings.optionsHint")}</p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {choices.map((option) => {
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
                options={option.kind === "choice" ? option.values.map((value) => { const key = valueLabelKey(value); return { value, label: key ? t(key) : value }; }) : []}
              />
              {t(`settings.hints.${option.key}`, { defaultValue: "" }) ? <p className="text-xs text-subtle">{t(`settings.hints.${option.key}`)}</p> : null}
            </div>
          );
        })}
      </div>
      {texts.map((option) => (
        <MessageSetting key={option.key} option={option} values={values} saving={saving === option.key} onSave={(value) => onChange(option.key, value)} />
      ))}
    </div>
  );
}

/**
 * A message the company may write (the rating prompt): empty means the product's own text in the company's
 * language, shown as the placeholder; the preview shows what contacts receive.
 */
function MessageSetting({ option, values, saving, onSave }: { option: SettingOption; values: Record<string, string>; saving: boolean; onSave: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const saved = values[option.key] ?? option.defaultValue;
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const language = contactTexts(values.language);
  const fallback = option.key === "ratingMessage" ? language.rating.message : "";
  const changed = draft.trim() !== saved.trim();
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-4">
      <label htmlFor={id} className="flex items-center justify-between gap-2 text-sm font-medium">
        {t(`settings.keys.${option.key}`, { defaultValue: option.key })}
        {saving ? <Spinner className="text-brand" /> : null}
      </label>
      <textarea
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={fallback}
        maxLength={option.kind === "text" ? option.maxLength : undefined}
        rows={2}
        aria-describedby={`${id}-hint`}
        className={textareaClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-subtle">
        {t(`settings.hints.${option.key}`, { defaultValue: "" })}
      </p>
      {option.key === "ratingMessage" ? (
        <details className="text-xs text-muted">
          <summary className="cursor-pointer select-none max-sm:flex max-sm:min-h-11 max-sm:items-center">{t("settings.ratingPreview")}</summary>
          <p className="mt-2 rounded-lg bg-surface px-3 py-2 whitespace-pre-line">{ratingPrompt(language, draft)}</p>
        </details>
      ) : null}
      <div className="flex justify-end gap-2">
        {changed ? (
          <Button variant="ghost" size="sm" onClick={() => setDraft(saved)}>
            {t("common.cancel")}
          </Button>
        ) : null}
        <Button size="sm" onClick={() => onSave(draft.trim())} disabled={!changed} loading={saving}>
          {t("common.save")}
        </Button>
      </div>
    </div>
  );
}
