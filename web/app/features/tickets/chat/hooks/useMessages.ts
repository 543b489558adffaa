import { useCallback, useEffect, useRef, useState } from "react";
import { toastError } from "../../../../lib/errors";
import { realtime, useRealtimeEvent, useRealtimeRoom } from "../../../../lib/realtime";
import { listMessages } from "../api";
import { mergeMessages } from "../rules/messages";
import type { ChatMessage, ChatTicket } from "../types";

/**
 * A ticket's messages: page 1 (the newest) first, older pages on demand; the chat box room delivers new and
 * changed messages live (deduplicated by id). After the socket reconnects, page 1 is read again so nothing
 * sent meanwhile is missed.
 */
export function useMessages(ticketId: number | null, onTicket?: (ticket: ChatTicket) => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const page = useRef(1);
  const busy = useRef(false);
  const onTicketRef = useRef(onTicket);
  onTicketRef.current = onTicket;

  useRealtimeRoom(ticketId ? { type: "joinChatBox", ticketId } : null, ticketId ? { type: "leaveChatBox", ticketId } : undefined);

  const loadFirst = useCallback(
    async (signal?: AbortSignal, keep = false) => {
      if (!ticketId) return;
      const result = await listMessages(ticketId, 1, signal);
      if (signal?.aborted) return;
      setMessages((current) => (keep ? mergeMessages(current, result.messages) : result.messages));
      if (!keep) {
        page.current = 1;
        setHasMore(result.hasMore);
      }
      setLoaded(true);
      onTicketRef.current?.(result.ticket);
    },
    [ticketId],
  );

  useEffect(() => {
    setMessages([]);
    setLoaded(false);
    setHasMore(false);
    if (!ticketId) return;
    const controller = new AbortController();
    loadFirst(controller.signal).catch((err) => {
      if (!controller.signal.aborted) toastError(err);
    });
    return () => controller.abort();
  }, [ticketId, loadFirst]);

  useEffect(() => {
    let opened = false;
    return realtime.onState((state) => {
      if (state !== "open") return;
      if (opened) loadFirst(undefined, true).catch(() => undefined);
      opened = true;
    });
  }, [loadFirst]);

  const loadOlder = useCallback(async () => {
    if (!ticketId || busy.current || !hasMore) return;
    busy.current = true;
    setLoadingOlder(true);
    try {
      const result = await listMessages(ticketId, page.current + 1);
      page.current += 1;
      setMessages((current) => mergeMessages(current, result.messages));
      setHasMore(result.hasMore);
    } catch (err) {
      toastError(err);
    } finally {
      busy.current = false;
      setLoadingOlder(false);
    }
  }, [ticketId, hasMore]);

  useRealtimeEvent("appMessage", (event) => {
    if (event.message.ticketId !== ticketId) return;
    setMessages((current) => mergeMessages(current, [event.message as unknown as ChatMessage]));
  });

  const upsert = useCallback((incoming: ChatMessage[]) => setMessages((current) => mergeMessages(current, incoming)), []);

  return { messages, loaded, hasMore, loadingOlder, loadOlder, upsert };
}
