/** Declared in contracts (worker/contracts/settingsCatalogue.ts): the settings page reads it too. */
export * from "../../contracts/settingsCatalogue";
