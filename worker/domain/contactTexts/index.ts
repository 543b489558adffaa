/** Declared in contracts (worker/contracts/contactTexts): the settings page shows them too. */
export * from "../../contracts/contactTexts";
