import type { Texts } from "./i18n";

export const en: Texts = {
  title: "Help",
  empty: "No help videos yet",
  emptyHint: "Videos added by the platform administrator show up here.",
  play: "Watch: {{title}}",
  player: "Video: {{title}}",
};
