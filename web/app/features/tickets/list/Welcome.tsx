import { useOutletContext } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import type { TicketsOutletContext } from "./TicketsLayout";

/** The right panel when no ticket is chosen: a welcome picture; on phones, a way back to the list. */
export function Welcome() {
  const { t } = useTranslation();
  const { showList } = useOutletContext<TicketsOutletContext>();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 bg-surface-2 px-6 py-12 text-center">
      <WelcomeArt />
      <div className="max-w-sm space-y-1.5">
        <h2 className="text-lg font-semibold text-fg">{t("tickets.welcome.title")}</h2>
        <p className="text-sm text-muted">{t("tickets.welcome.description")}</p>
      </div>
      <Button onClick={showList} className="md:hidden">
        {t("tickets.welcome.selectTicket")}
      </Button>
    </div>
  );
}

/** Two chat bubbles over a soft disc, in the theme's colours (no image file to load). */
function WelcomeArt() {
  return (
    <svg viewBox="0 0 200 160" className="h-auto w-48 max-w-full sm:w-56" aria-hidden>
      <circle cx="100" cy="82" r="70" className="fill-brand-soft" />
      <rect x="38" y="42" width="92" height="46" rx="14" className="fill-surface stroke-line-strong" strokeWidth="1.5" />
      <path d="M52 88 l-6 14 l18 -14 z" className="fill-surface stroke-line-strong" strokeWidth="1.5" strokeLinejoin="round" />
      <rect x="50" y="56" width="56" height="6" rx="3" className="fill-line-strong" />
      <rect x="50" y="68" width="38" height="6" rx="3" className="fill-line-strong" />
      <rect x="82" y="86" width="84" height="40" rx="14" className="fill-brand" />
      <path d="M150 126 l8 12 l-20 -12 z" className="fill-brand" />
      <circle cx="106" cy="106" r="4" fill="#fff" />
      <circle cx="124" cy="106" r="4" fill="#fff" />
      <circle cx="142" cy="106" r="4" fill="#fff" />
    </svg>
  );
}
