import type { ptBR } from "./pt-BR";

/** The shape every language's catalogue fills (the Portuguese one is the model). */
export type ContactTexts = typeof ptBR;
