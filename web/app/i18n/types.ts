import type { Resources } from "./pt-BR";

/** The shape every language must fill: the same keys as pt-BR (the fallback), with string leaves. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type Translations = DeepStrings<Resources>;
