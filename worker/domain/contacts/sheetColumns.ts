/** Declared in contracts (worker/contracts/contactSheet.ts): the web app uses it too. */
export * from "../../contracts/contactSheet";
