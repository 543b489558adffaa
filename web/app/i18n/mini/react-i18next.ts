import { createContext, createElement, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { i18n as I18n } from "./i18next";

/**
 * The browser's react-i18next, over the browser's i18next (./i18next.ts): the parts this app uses — I18nextProvider,
 * initReactI18next and useTranslation() (t for the instance's language, re-rendering when it changes, the same t
 * while it does not). The client build resolves "react-i18next" here (vite.config.ts).
 */
let globalI18n: I18n | null = null;

export const initReactI18next = {
  type: "3rdParty",
  init(instance: I18n) {
    globalI18n = instance;
  },
};

const I18nContext = createContext<{ i18n: I18n } | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}

export function useTranslation() {
  const i18n = useContext(I18nContext)?.i18n ?? globalI18n;
  if (!i18n) throw new Error("useTranslation: no i18n instance (I18nextProvider or initReactI18next)");
  const [lng, setLng] = useState(i18n.language);
  useEffect(() => {
    const changed = (next: unknown) => setLng(String(next));
    i18n.on("languageChanged", changed);
    setLng(i18n.language);
    return () => void i18n.off("languageChanged", changed);
  }, [i18n]);
  const t = useMemo(() => i18n.getFixedT(lng), [i18n, lng]);
  const result = [t, i18n, true] as unknown as [typeof t, I18n, boolean] & { t: typeof t; i18n: I18n; ready: boolean };
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
