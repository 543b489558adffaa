import * as TabsPrimitive from "@radix-ui/react-tabs";
import { Outlet, useParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn";
import { TicketsManager } from "./TicketsManager";

/** What the panels inside the layout may ask of it (the phone placeholder's 'Selecionar ticket'). */
export interface TicketsOutletContext {
  showList: () => void;
}

type PhoneTab = "ticket" | "list";

/**
 * The tickets screen (spec 000 section 2): from the md breakpoint the list takes the left third and the chat
 * (or the welcome) the right two thirds; on phones a two-tab page, Ticket and Atendimentos.
 */
export function TicketsLayout() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const [phoneTab, setPhoneTab] = useState<PhoneTab>(uuid ? "ticket" : "list");

  // Choosing a ticket (from the list, a notification, the new-ticket dialog) shows it.
  useEffect(() => {
    if (uuid) setPhoneTab("ticket");
  }, [uuid]);

  const context: TicketsOutletContext = { showList: () => setPhoneTab("list") };
  const trigger = cn(
    "-mb-px flex-1 border-b-2 border-transparent py-2.5 text-sm font-medium text-muted transition-colors",
    "hover:text-fg focus-visible:bg-surface-2 focus-visible:outline-none data-[state=active]:border-brand data-[state=active]:text-brand-text",
  );

  return (
    <TabsPrimitive.Root
      value={phoneTab}
      onValueChange={(v) => setPhoneTab(v as PhoneTab)}
      className="flex h-full min-h-0 flex-col md:grid md:grid-cols-[minmax(17.5rem,1fr)_minmax(0,2fr)] md:gap-3 md:p-3"
    >
      <TabsPrimitive.List aria-label={t("tickets.phoneTabs.label")} className="flex shrink-0 border-b border-line bg-surface md:hidden">
        <TabsPrimitive.Trigger value="ticket" className={trigger}>
          {t("tickets.phoneTabs.ticket")}
        </TabsPrimitive.Trigger>
        <TabsPrimitive.Trigger value="list" className={trigger}>
          {t("tickets.phoneTabs.list")}
        </TabsPrimitive.Trigger>
      </TabsPrimitive.List>
      {/* Both panels stay mounted (the list keeps its lists and websocket state); phones show one at a time. */}
      <TabsPrimitive.Content
        value="list"
        forceMount
        className="flex min-h-0 flex-1 flex-col bg-surface focus-visible:outline-none data-[state=inactive]:hidden md:overflow-hidden md:rounded-2xl md:border md:border-line md:shadow-panel md:data-[state=inactive]:flex"
      >
        <TicketsManager />
      </TabsPrimitive.Content>
      <TabsPrimitive.Content
        value="ticket"
        forceMount
        className="flex min-h-0 flex-1 flex-col bg-surface focus-visible:outline-none data-[state=inactive]:hidden md:overflow-hidden md:rounded-2xl md:border md:border-line md:shadow-panel md:data-[state=inactive]:flex"
      >
        <Outlet context={context} />
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
