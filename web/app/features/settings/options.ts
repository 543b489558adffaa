import { companySettings, type CompanySettingKey } from "../../../../worker/domain/settings/catalogue";

/**
 * The Opções tab is rendered from the settings catalogue: every company key, with the values its schema
 * allows. A key added to the catalogue shows up here by itself.
 */
export interface SettingOption {
  key: CompanySettingKey;
  values: readonly string[];
  defaultValue: string;
}

export const settingOptions: SettingOption[] = (Object.keys(companySettings) as CompanySettingKey[]).map((key) => ({
  key,
  values: companySettings[key].schema.options,
  defaultValue: companySettings[key].default,
}));

/** Labels for values; a value without one is shown as is. */
export const KNOWN_VALUE_LABELS = new Set(["enabled", "disabled", "queue", "company", "text"]);
