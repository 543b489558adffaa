/**
 * Texts of individual features, each kept beside its feature (web/app/features/<name>/i18n.ts) and merged into
 * the translation under the feature's own key: t("tickets.accept"). A feature's file exports
 * `{ "pt-BR": {...}, en: {...}, es: {...} }` with the same keys in every language (pt-BR is the fallback), and each
 * language on its own (`export { ptBR, en, es }`). Register a feature with one line in each of web/app/i18n/lang/*.ts,
 * so that the browser loads the texts of one language only.
 */
export type FeatureTexts = { "pt-BR": Record<string, unknown>; en: Record<string, unknown>; es: Record<string, unknown> };
