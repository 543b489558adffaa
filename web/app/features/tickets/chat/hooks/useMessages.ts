import { useCallback, useEffect, useRef, useState } from "react";
import { publishMarkMissed, roomNames } from "../../../../../../worker/contracts/wsProtocol";
import { toastError } from "../../../../lib/errors";
import { realtime, useRealtimeEvent, useRealtimeRoom } from "../../../../lib/realtime";
import type { ChatSeed } from "../../seed";
import { listMessages } from "../api";
import { mergeMessages } from "../rules/messages";
import type { ChatMessage, ChatTicket } from "../types";

/**
 * A ticket's messages: page 1 (the newest) first — the server's read when it rendered the page, else read here —
 * older pages on demand; the chat box room delivers new and changed messages live (deduplicated by id). Each time
 * the socket joins the room (at first, and after every reconnect) the hub says where its publishing stood; page 1 is
 * read again only if something was published between page 1's read and the join, which the room could not deliver.
 */
export function useMessages(ticketId: number | null, onTicket?: (ticket: ChatTicket) => void, seed?: ChatSeed | null) {
  const fromServer = seed && ticketId !== null && seed.ticket.id === ticketId ? seed : null;
  const [messages, setMessages] = useState<ChatMessage[]>(fromServer?.messages.messages ?? []);
  const [loaded, setLoaded] = useState(!!fromServer);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hasMore, setHasMore] = useState(fromServer?.messages.hasMore ?? false);
  const page = useRef(1);
  const busy = useRef(false);
  const onTicketRef = useRef(onTicket);
  onTicketRef.current = onTicket;
  const seeded = useRef(fromServer ? ticketId : null);
  /** The publish mark of the latest page 1 read (undefined while none has landed). */
  const readMark = useRef<string | null | undefined>(fromServer ? fromServer.mark : undefined);
  /** The mark of the room's latest join, and whether page 1 was checked against it. */
  const joined = useRef<{ mark: string; checked: boolean } | null>(null);

  useRealtimeRoom(ticketId ? { type: "joinChatBox", ticketId } : null, ticketId ? { type: "leaveChatBox", ticketId } : undefined);

  const loadFirstRef = useRef<(signal?: AbortSignal, keep?: boolean) => Promise<void>>(async () => undefined);

  /** Page 1 against the room's latest join, once both are known, once per join. */
  const checkJoin = useCallback(() => {
    const join = joined.current;
    if (!join || join.checked || readMark.current === undefined) return;
    join.checked = true;
    if (publishMarkMissed(readMark.current, join.mark)) loadFirstRef.current(undefined, true).catch(() => undefined);
  }, []);

  const loadFirst = useCallback(
    async (signal?: AbortSignal, keep = false) => {
      if (!ticketId) return;
      const before = readMark.current;
      readMark.current = undefined;
      let result;
      try {
        result = await listMessages(ticketId, 1, signal);
      } catch (err) {
        readMark.current = before;
        throw err;
      }
      if (signal?.aborted) return;
      // Merged even on a first read: a message that arrived by the room while it was on its way stays.
      setMessages((current) => mergeMessages(current, result.messages));
      if (!keep) {
        page.current = 1;
        setHasMore(result.hasMore);
      }
      setLoaded(true);
      onTicketRef.current?.(result.ticket);
      readMark.current = result.mark;
      checkJoin();
    },
    [ticketId, checkJoin],
  );
  loadFirstRef.current = loadFirst;

  useEffect(() => {
    if (!ticketId) return;
    if (seeded.current === ticketId) {
      seeded.current = null;
      return;
    }
    setMessages([]);
    setLoaded(false);
    setHasMore(false);
    const controller = new AbortController();
    loadFirst(controller.signal).catch((err) => {
      if (!controller.signal.aborted) toastError(err);
    });
    return () => controller.abort();
  }, [ticketId, loadFirst]);

  useEffect(() => {
    if (!ticketId) return;
    const room = roomNames.chatBox(ticketId);
    return realtime.subscribe("joined", (event) => {
      if (event.room !== room) return;
      joined.current = { mark: event.mark, checked: false };
      checkJoin();
    });
  }, [ticketId, checkJoin]);

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
    setMessages((current) => mergeMessages(current, [event.message]));
  });

  const upsert = useCallback((incoming: ChatMessage[]) => setMessages((current) => mergeMessages(current, incoming)), []);

  return { messages, loaded, hasMore, loadingOlder, loadOlder, upsert };
}
