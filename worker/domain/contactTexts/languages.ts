export * from "../../contracts/contactTexts/languages";
