import { useNavigate, useParams } from "@remix-run/react";
import { MessagesSquare, Plus, UserRound } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import * as Tabs from "../../components/ui/PlainTabs";
import { Skeleton } from "../../components/ui/Spinner";
import { errorMessage } from "../../lib/errors";
import { useMediaQuery } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { listCompanyUsers } from "../tickets/shared/api";
import type { UserRef } from "../tickets/shared/types";
import { deleteChat, leaveChat, openDirectChat, type ChatView } from "./api";
import { ChatDialog } from "./ChatDialog";
import { Conversation } from "./Conversation";
import { chatName } from "./names";
import { ChatRow } from "./ChatRow";
import { chatStore, useChats } from "./store";
import "./texts";

/**
 * /chats and /chats/{uuid}: the user's chats on the left, the open one on the right; on phones two tabs, Chats and
 * Mensagens (spec 002). Opening a chat clears its unread count.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { uuid } = useParams();
  const { chats, status } = useChats();
  const [colleagues, setColleagues] = useState<UserRef[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; chat: ChatView | null }>({ open: false, chat: null });
  const [confirm, setConfirm] = useState<"delete" | "leave" | null>(null);
  const [tab, setTab] = useState(uuid ? "messages" : "chats");
  const [colleague, setColleague] = useState("");
  // One layout at a time (not both hidden by CSS): the conversation mounts, and loads its messages, once.
  const wide = useMediaQuery("(min-width: 768px)");
  const open = useMemo(() => chats.find((c) => c.uuid === uuid) ?? null, [chats, uuid]);

  useEffect(() => {
    void listCompanyUsers().then(setColleagues).catch(() => undefined);
  }, []);

  useEffect(() => {
    chatStore.openChatId = open?.id ?? null;
    return () => {
      chatStore.openChatId = null;
    };
  }, [open?.id]);

  // Opening a chat (or coming back to its tab) clears its count.
  const openUnread = open ? chatStore.unreadOf(open) : 0;
  useEffect(() => {
    if (open && openUnread > 0) chatStore.read(open.id);
  }, [open, openUnread]);

  useEffect(() => {
    if (uuid) setTab("messages");
  }, [uuid]);

  const show = (chat: ChatView) => {
    chatStore.upsert(chat);
    navigate(`/chats/${chat.uuid}`);
  };

  async function talkTo(userId: number) {
    try {
      show(await openDirectChat(userId));
    } catch (err) {
      toast.error(errorMessage(err, t));
    }
  }

  const list = (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 border-b border-line p-3">
        <Button className="w-full" onClick={() => setDialog({ open: true, chat: null })}>
          <Plus className="size-4" aria-hidden />
          {t("chats.newChat")}
        </Button>
        <label className="flex items-center gap-2 rounded-lg border border-line px-2">
          <UserRound className="size-4 text-subtle" aria-hidden />
          <select
            aria-label={t("chats.newDirect")}
            value={colleague}
            onChange={(e) => {
              setColleague("");
              if (e.target.value) void talkTo(Number(e.target.value));
            }}
            className="h-9 max-sm:h-11 w-full bg-transparent text-sm focus:outline-none"
          >
            <option value="">{t("chats.newDirect")}</option>
            {colleagues
              .filter((c) => c.id !== user.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {status === "loading" || status === "idle" ? (
          <div className="space-y-2 p-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : chats.length === 0 ? (
          <EmptyState icon={MessagesSquare} title={t("chats.empty")} description={t("chats.emptyHint")} />
        ) : (
          <ul aria-label={t("chats.tabs.chats")}>
            {chats.map((chat) => (
              <li key={chat.id}>
                <ChatRow chat={chat} userId={user.id} current={chat.uuid === uuid} onOpen={() => navigate(`/chats/${chat.uuid}`)} className="border-b border-line px-3 py-2.5" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );

  const conversation = open ? (
    <Conversation
      chat={open}
      userId={user.id}
      onBack={() => setTab("chats")}
      onEdit={() => setDialog({ open: true, chat: open })}
      onDelete={() => setConfirm("delete")}
      onLeave={() => setConfirm("leave")}
    />
  ) : (
    <EmptyState icon={MessagesSquare} title={t("chats.pick")} description={t("chats.pickHint")} className="h-full" />
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col p-0 md:p-5">
      <h1 className="sr-only">{t("chats.title")}</h1>
      {wide ? (
        <div className="grid min-h-0 flex-1 grid-cols-[320px_1fr] overflow-hidden rounded-xl border border-line bg-surface">
          <div className="min-h-0 border-r border-line">{list}</div>
          <div className="min-h-0">{conversation}</div>
        </div>
      ) : (
        <Tabs.Root value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col bg-surface">
          <Tabs.List aria-label={t("chats.title")} className="grid shrink-0 grid-cols-2 border-b border-line">
            {(["chats", "messages"] as const).map((value) => (
              <Tabs.Trigger key={value} value={value} className="min-h-11 py-2.5 text-sm font-medium text-muted data-[state=active]:border-b-2 data-[state=active]:border-brand data-[state=active]:text-fg">
                {t(`chats.tabs.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="chats" className="min-h-0 flex-1">
            {list}
          </Tabs.Content>
          <Tabs.Content value="messages" className="min-h-0 flex-1">
            {conversation}
          </Tabs.Content>
        </Tabs.Root>
      )}
      <ChatDialog
        open={dialog.open}
        onOpenChange={(o) => setDialog((d) => ({ ...d, open: o }))}
        chat={dialog.chat}
        colleagues={colleagues}
        userId={user.id}
        onSaved={show}
      />
      {open ? (
        <ConfirmDialog
          open={confirm !== null}
          onOpenChange={(o) => !o && setConfirm(null)}
          title={confirm === "delete" ? t("chats.delete") : t("chats.leave")}
          message={confirm === "delete" ? t("chats.confirmDelete", { title: chatName(open, user.id) }) : t("chats.confirmLeave", { title: chatName(open, user.id) })}
          confirmLabel={confirm === "delete" ? t("chats.delete") : t("chats.leave")}
          onConfirm={async () => {
            const id = open.id;
            if (confirm === "delete") await deleteChat(id);
            else await leaveChat(id);
            chatStore.remove(id);
            toast.success(confirm === "delete" ? t("chats.deleted") : t("chats.left"));
            navigate("/chats");
          }}
        />
      ) : null}
    </div>
  );
}
