import { companySettings, type CompanySettingKey } from "../../../../worker/contracts/settingsCatalogue";

/**
 * The Opções tab is rendered from the settings catalogue: every company key, a choice of the values its schema
 * allows, or a text (a message) when it takes any text. A key added to the catalogue shows up here by itself.
 */
export type SettingOption =
  | { kind: "choice"; key: CompanySettingKey; values: readonly string[]; defaultValue: string }
  | { kind: "text"; key: CompanySettingKey; maxLength: number; defaultValue: string };

export const settingOptions: SettingOption[] = (Object.keys(companySettings) as CompanySettingKey[]).map((key) => {
  const { schema, default: defaultValue } = companySettings[key];
  return "options" in schema
    ? { kind: "choice", key, values: schema.options, defaultValue }
    : { kind: "text", key, maxLength: schema.maxLength ?? 500, defaultValue };
});

/** The translation key of each value's label (options.test.ts checks every value of the catalogue has one). */
export const VALUE_LABELS: Record<string, string> = {
  enabled: "settings.values.enabled",
  disabled: "settings.values.disabled",
  queue: "settings.values.queue",
  company: "settings.values.company",
  text: "settings.values.text",
  send: "settings.values.send",
  mark: "settings.values.mark",
  "pt-BR": "languages.pt-BR",
  en: "languages.en",
  es: "languages.es",
  // retentionDays (issue 28)
  off: "settings.values.retentionOff",
  "30": "settings.values.days30",
  "90": "settings.values.days90",
  "180": "settings.values.days180",
  "365": "settings.values.days365",
  "730": "settings.values.days730",
  "1825": "settings.values.days1825",
  "3650": "settings.values.days3650",
};

/** A choice's label key: never the raw value ("send", "mark") in any language. */
export function valueLabelKey(value: string): string | undefined {
  return VALUE_LABELS[value];
}
