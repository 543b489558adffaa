import { Link, useNavigate } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPopover } from "../../components/shell/HeaderPopovers";
import { useSessionUser } from "../../lib/session-user";
import { ChatRow } from "./ChatRow";
import { useChats, useChatUnread } from "./store";
import "./texts";

/** How many chats the top bar lists; the page has them all. */
const SHOWN = 8;

/** The top bar's internal-chat popover: the user's latest chats with their unread counts, live. */
export function ChatsPopover() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { chats } = useChats();
  const unread = useChatUnread();
  const [open, setOpen] = useState(false);
  const shown = chats.slice(0, SHOWN);
  return (
    <ListPopover
      icon={MessageCircle}
      label={t("shell.chats")}
      emptyTitle={t("shell.noChats")}
      count={unread.chats}
      open={open}
      onOpenChange={setOpen}
      footer={
        <Link to="/chats" onClick={() => setOpen(false)} className="block rounded-md px-2 py-1.5 text-center text-sm font-medium text-brand-text hover:bg-surface-2">
          {t("chats.openAll")}
        </Link>
      }
    >
      {shown.length ? (
        <ul aria-label={t("shell.chats")}>
          {shown.map((chat) => (
            <li key={chat.id}>
              <ChatRow
                chat={chat}
                userId={user.id}
                className="px-4 py-2.5"
                onOpen={() => {
                  setOpen(false);
                  navigate(`/chats/${chat.uuid}`);
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </ListPopover>
  );
}
