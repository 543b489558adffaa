import { useCallback, useEffect, useRef, useState } from "react";
import { listChatMessages, type ChatMessageView } from "./api";
import { chatStore } from "./store";

/**
 * A chat's messages: the newest page first, older pages on demand (`loadOlder`, when scrolled near the top), new
 * ones live from the chat store's events. Pages are counted from the newest, so live messages shift them: older
 * pages are merged by id.
 */
export function useChatMessages(chatId: number | null) {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [hasMore, setHasMore] = useState(false);
  const page = useRef(1);
  const loadingOlder = useRef(false);

  const merge = (current: ChatMessageView[], more: ChatMessageView[]) => {
    const byId = new Map(current.map((m) => [m.id, m]));
    for (const m of more) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  };

  useEffect(() => {
    if (chatId === null) return;
    const controller = new AbortController();
    setStatus("loading");
    setMessages([]);
    page.current = 1;
    listChatMessages(chatId, 1, controller.signal)
      .then((body) => {
        setMessages(body.records);
        setHasMore(body.hasMore);
        setStatus("ready");
      })
      .catch(() => !controller.signal.aborted && setStatus("error"));
    const off = chatStore.onMessage((event) => {
      if (event.chat.id === chatId) setMessages((current) => merge(current, [event.message]));
    });
    return () => {
      controller.abort();
      off();
    };
  }, [chatId]);

  const loadOlder = useCallback(async () => {
    if (chatId === null || !hasMore || loadingOlder.current) return;
    loadingOlder.current = true;
    try {
      const body = await listChatMessages(chatId, page.current + 1);
      page.current += 1;
      setMessages((current) => merge(current, body.records));
      setHasMore(body.hasMore);
    } finally {
      loadingOlder.current = false;
    }
  }, [chatId, hasMore]);

  const add = (message: ChatMessageView) => setMessages((current) => merge(current, [message]));

  return { messages, status, hasMore, loadOlder, add };
}
