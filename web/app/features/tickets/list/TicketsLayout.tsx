import * as TabsPrimitive from "../../../components/ui/PlainTabs";
import { Outlet, useParams } from "@remix-run/react";
import { List, MessageSquareText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
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
 * (or the welcome) the right two thirds; on phones a two-tab page, Ticket and Atendimentos. On phones the two tabs
 * sit at the bottom, as an app's do, so the list starts right under the top bar; an open chat takes the whole
 * screen (the shell hides its top bar for `data-phone-chat`), and its header's back arrow leads to the list.
 */
export function TicketsLayout() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const [phoneTab, setPhoneTab] = useState<PhoneTab>(uuid ? "ticket" : "list");

  // Choosing a ticket (from the list, a notification, the new-ticket dialog) shows it; leaving it (the chat's back
  // arrow, resolving it) shows the list.
  const hadTicket = useRef(!!uuid);
  useEffect(() => {
    if (uuid) setPhoneTab("ticket");
    else if (hadTicket.current) setPhoneTab("list");
    hadTicket.current = !!uuid;
  }, [uuid]);
  const phoneChat = phoneTab === "ticket" && !!uuid;

  const context: TicketsOutletContext = { showList: () => setPhoneTab("list") };
  const trigger = cn(
    "-mt-px flex min-h-11 flex-1 items-center justify-center gap-2 border-t-2 border-transparent py-2.5 text-sm font-medium text-muted transition-colors",
    "hover:text-fg focus-visible:bg-surface-2 focus-visible:outline-none data-[state=active]:border-brand data-[state=active]:text-brand-text",
  );

  return (
    <TabsPrimitive.Root
      value={phoneTab}
      onValueChange={(v) => setPhoneTab(v as PhoneTab)}
      data-inbox=""
      data-phone-chat={phoneChat ? "" : undefined}
      className="flex h-full min-h-0 flex-col md:grid md:grid-cols-[minmax(17.5rem,1fr)_minmax(0,2fr)] md:gap-3 md:p-3"
    >
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
      <TabsPrimitive.List
        aria-label={t("tickets.phoneTabs.label")}
        className={cn("flex shrink-0 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] md:hidden", phoneChat && "hidden")}
      >
        <TabsPrimitive.Trigger value="ticket" className={trigger}>
          <MessageSquareText className="size-4" aria-hidden />
          {t("tickets.phoneTabs.ticket")}
        </TabsPrimitive.Trigger>
        <TabsPrimitive.Trigger value="list" className={trigger}>
          <List className="size-4" aria-hidden />
          {t("tickets.phoneTabs.list")}
        </TabsPrimitive.Trigger>
      </TabsPrimitive.List>
    </TabsPrimitive.Root>
  );
}
