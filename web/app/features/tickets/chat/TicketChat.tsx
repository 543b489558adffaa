import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../../worker/contracts/permissions";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { Skeleton } from "../../../components/ui/Spinner";
import { canOpen } from "../../../lib/access";
import { useSessionUser } from "../../../lib/session-user";
import { Composer } from "./composer/Composer";
import { ComposerNotice } from "./composer/ComposerArea";
import { ForwardBar } from "./composer/ForwardBar";
import { useCustomerWindow, WindowClosedNotice, WindowTimeLeft } from "./composer/CustomerWindow";
import { TemplateDialog } from "./dialogs/TemplateDialog";
import { EditMessageDialog } from "./dialogs/EditMessageDialog";
import { ForwardDialog } from "./dialogs/ForwardDialog";
import { ReactionPickerDialog } from "./dialogs/ReactionPickerDialog";
import { TransferDialog } from "./dialogs/TransferDialog";
import { ContactDrawer } from "./drawer/ContactDrawer";
import { ChatHeader } from "./header/ChatHeader";
import { TagsControl } from "./header/TagsControl";
import { PriorityControl } from "./header/PriorityControl";
import { TicketActionsBar } from "./header/TicketActionsBar";
import { MacroPickerDialog } from "../../macros/MacroPicker";
import { discardPending, onOutboxSent } from "../../offline/outbox";
import { PendingSends } from "../../offline/PendingSends";
import { usePendingSends } from "../../offline/useOfflineSupport";
import { useOpenTicketShown } from "../../macros/openTicket";
import { useChatTicket } from "./hooks/useChatTicket";
import { draftKey } from "./hooks/useDraft";
import { useElementWidth } from "./hooks/useElementWidth";
import { useForwarding } from "./hooks/useForwarding";
import { useMessageActions } from "./hooks/useMessageActions";
import { useMessages } from "./hooks/useMessages";
import { useReadWhileOpen } from "./hooks/useReadWhileOpen";
import { useSignMessage } from "./hooks/useSignMessage";
import { useTicketHistory } from "./hooks/useTicketHistory";
import { useTicketCommands } from "./hooks/useTicketCommands";
import { Lightbox } from "./media/Lightbox";
import { MessageList } from "./messages/MessageList";
import { isForwardable } from "./rules/messages";
import { ticketActions } from "./rules/ticketActions";
import type { ChatSeed } from "../seed";
import type { ChatTicket } from "./types";
import "./texts";

/** The schedule dialog's code (and the schedules page's texts) load when it is first opened, not with the inbox. */
const ScheduleDialog = lazy(() => import("../../schedules/ScheduleDialog").then((m) => ({ default: m.ScheduleDialog })));

/** Below this width (phones) the header keeps only its main action visible. */
const COMPACT_PANEL_PX = 480;

export interface TicketChatProps {
  /** The ticket's uuid (the /tickets/{uuid} route). */
  uuid: string;
  /** Clears the selected ticket (after resolving, deleting, or the back button on phones). */
  onClose: () => void;
  /** The ticket and its newest messages as the server read them for this page (its first render), if it did. */
  seed?: ChatSeed | null;
}

/** The chat panel of the inbox: header, messages, composer, contact drawer and their dialogs. */
export function TicketChat({ uuid, onClose, seed }: TicketChatProps) {
  return <ChatPanel key={uuid} uuid={uuid} onClose={onClose} seed={seed} />;
}

function ChatPanel({ uuid, onClose, seed }: TicketChatProps) {
  const { ticket, replace } = useChatTicket(uuid, onClose, seed?.ticket);
  // A contact's data erased from the drawer (issue 28): the chat is loaded again, without the page's seed, so the
  // messages, files and notes on screen are the blanked ones.
  const [erasedAt, setErasedAt] = useState(0);
  if (!ticket) return <ChatSkeleton />;
  return <LoadedChat key={erasedAt} ticket={ticket} replace={replace} onClose={onClose} seed={erasedAt ? null : seed} onContactErased={() => setErasedAt(Date.now())} />;
}

function LoadedChat({
  ticket,
  replace,
  onClose,
  seed,
  onContactErased,
}: {
  ticket: ChatTicket;
  replace: (ticket: ChatTicket) => void;
  onClose: () => void;
  seed?: ChatSeed | null;
  onContactErased: () => void;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const timeZone = user.company.timezone || "America/Sao_Paulo";
  const actions = ticketActions(ticket, user);
  const [sign] = useSignMessage();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [image, setImage] = useState<{ src: string; name: string } | null>(null);
  const list = useMessages(ticket.id, replace, seed && seed.ticket.id === ticket.id ? seed : null);
  const commands = useTicketCommands(ticket, replace, onClose);
  // Sends waiting for the network (issue 29): shown below the messages until the server's message takes their place.
  const pending = usePendingSends(user.id, ticket.id).filter((p) => !list.messages.some((m) => m.clientId === p.clientId));
  const { upsert } = list;
  useEffect(() => onOutboxSent((sent) => {
    const mine = sent.filter((m) => m.ticketId === ticket.id);
    if (mine.length) upsert(mine);
  }), [ticket.id, upsert]);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [macrosOpen, setMacrosOpen] = useState(false);
  useOpenTicketShown(ticket);
  const customerWindow = useCustomerWindow(ticket);
  useReadWhileOpen(ticket, user.id);
  const history = useTicketHistory(ticket);
  const forwarding = useForwarding(list.messages, sign);
  const menu = useMessageActions({
    userId: user.id,
    canAnswer: actions.composer === "write",
    upsert: list.upsert,
    startForward: forwarding.start,
    openTemplate: ticket.whatsapp?.channel === "cloud" ? () => setTemplateOpen(true) : undefined,
  });
  const panel = useElementWidth<HTMLDivElement>();
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openImage = useCallback((src: string, name: string) => setImage({ src, name }), []);

  let bottom;
  if (forwarding.selecting) {
    bottom = <ForwardBar count={forwarding.selected.size} onCancel={forwarding.cancel} onForward={forwarding.openDialog} />;
  } else if (actions.composer === "write" && customerWindow.kind === "closed") {
    // A Cloud API ticket whose 24-hour window closed: only a template may go (ADR 0050).
    bottom = <WindowClosedNotice onTemplate={() => setTemplateOpen(true)} />;
  } else if (actions.composer === "write") {
    bottom = (
      <>
        {customerWindow.kind === "open" ? <WindowTimeLeft minutesLeft={customerWindow.minutesLeft} /> : null}
        <Composer
          ticketId={ticket.id}
          draftKey={draftKey(user.id, ticket.uuid)}
          contactName={ticket.contact.name}
          replyTo={menu.replyTo}
          onCancelReply={() => menu.setReplyTo(null)}
          onSent={list.upsert}
        />
      </>
    );
  } else {
    bottom = (
      <ComposerNotice
        mode={actions.composer}
        ownerName={ticket.user?.name ?? null}
        busy={commands.busy === "accept" || commands.busy === "reopen"}
        onAccept={() => void commands.run("accept")}
        onReopen={() => void commands.run("reopen")}
      />
    );
  }

  return (
    <div ref={panel.ref} className="@container relative flex h-full min-h-0 w-full overflow-hidden bg-surface" data-testid="ticket-chat" data-ticket-id={ticket.id} data-status={ticket.status}>
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader ticket={ticket} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((o) => !o)} onBack={onClose}>
          <TagsControl ticket={ticket} onChange={replace} />
          <PriorityControl ticket={ticket} onChange={replace} />
          <TicketActionsBar actions={actions} canDelete={can(user, "ticket-options:deleteTicket")}
            compact={panel.width > 0 && panel.width < COMPACT_PANEL_PX}
            busy={commands.busy} onCommand={(c) => void commands.run(c)}
            onSchedule={canOpen(user, "schedules") ? () => setScheduleOpen(true) : undefined}
            onMacros={() => setMacrosOpen(true)} />
        </ChatHeader>
        <MessageList
          conversation={list}
          timeZone={timeZone}
          myUserId={user.id}
          isGroup={ticket.isGroup}
          contactName={ticket.contact.name}
          actionsFor={menu.actionsFor}
          selecting={forwarding.selecting}
          selected={forwarding.selected}
          selectable={isForwardable}
          onToggleSelect={forwarding.toggle}
          onOpenImage={openImage}
          events={history?.entries ?? null}
        />
        <PendingSends items={pending} onDiscard={(clientId) => discardPending(user.id, clientId)} />
        {bottom}
      </div>
      {drawerOpen ? <ContactDrawer ticket={ticket} history={history} timeZone={timeZone} onClose={closeDrawer} onErased={onContactErased} /> : null}

      <Lightbox image={image} onClose={() => setImage(null)} />
      {scheduleOpen ? (
        <Suspense fallback={null}>
          <ScheduleDialog
            open
            onOpenChange={setScheduleOpen}
            contact={{ id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number }}
            ticket={{ id: ticket.id, whatsappId: ticket.whatsappId }}
          />
        </Suspense>
      ) : null}
      {ticket.whatsappId !== null && customerWindow.kind !== "none" ? (
        <TemplateDialog open={templateOpen} onOpenChange={setTemplateOpen} ticketId={ticket.id} whatsappId={ticket.whatsappId} onSent={list.upsert} />
      ) : null}
      <MacroPickerDialog ticketId={ticket.id} open={macrosOpen} onOpenChange={setMacrosOpen} />
      <TransferDialog ticket={ticket} open={commands.transferOpen} onOpenChange={commands.setTransferOpen} onDone={commands.transferred} />
      <ConfirmDialog
        open={commands.deleteOpen}
        onOpenChange={commands.setDeleteOpen}
        title={t("ticketChat.actions.deleteTitle")}
        message={t("common.deleteConfirm")}
        onConfirm={commands.confirmDelete}
      />
      <EditMessageDialog message={menu.editing} onClose={() => menu.setEditing(null)} onSaved={(m) => list.upsert([m])} />
      <ConfirmDialog
        open={!!menu.deleting}
        onOpenChange={(open) => !open && menu.setDeleting(null)}
        title={t("ticketChat.message.deleteTitle")}
        message={t("ticketChat.message.deleteConfirm")}
        onConfirm={menu.confirmDelete}
      />
      <ReactionPickerDialog
        open={!!menu.reactingTo}
        onClose={() => menu.setReactingTo(null)}
        onPick={(emoji) => {
          const target = menu.reactingTo;
          menu.setReactingTo(null);
          if (target) void menu.react(target, emoji);
        }}
      />
      <ForwardDialog
        open={forwarding.dialogOpen}
        count={forwarding.selected.size}
        progress={forwarding.progress}
        onOpenChange={forwarding.setDialogOpen}
        onForward={(contact) => void forwarding.send(contact)}
      />
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="flex h-full w-full flex-col bg-surface" aria-busy="true">
      <div className="flex items-center gap-3 border-b border-line bg-surface-2 px-4 py-2.5">
        <Skeleton className="size-10 rounded-full" />
        <div className="space-y-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-28" />
        </div>
      </div>
      <div className="flex-1 bg-bg" />
      <div className="h-14 border-t border-line bg-surface-2" />
    </div>
  );
}
