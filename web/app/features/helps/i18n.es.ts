import type { Texts } from "./i18n";

export const es: Texts = {
  title: "Ayuda",
  empty: "Todavía no hay videos de ayuda",
  emptyHint: "Los videos que agrega el administrador de la plataforma aparecen aquí.",
  play: "Ver: {{title}}",
  player: "Video: {{title}}",
};
