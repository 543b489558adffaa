import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "../types";

/** Spec 000 section 7: older messages load when scrolled within 50 px of the top. */
export const LOAD_OLDER_THRESHOLD_PX = 50;
/** Closer than this to the bottom counts as "at the bottom" (new messages scroll into view). */
const AT_BOTTOM_PX = 80;

/**
 * The chat's scrolling: to the bottom on open; older pages keep what was on screen in place; new messages
 * follow only when already at the bottom (or when this user sent them), otherwise they are counted for the pill.
 */
export function useChatScroll(messages: ChatMessage[], loaded: boolean, myUserId: number, onNearTop: () => void) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first: number | undefined; last: number | undefined; height: number; count: number }>({
    first: undefined,
    last: undefined,
    height: 0,
    count: 0,
  });
  const [unseen, setUnseen] = useState(0);
  /** Where the list last put the reader at the bottom; a scroll event that did not move above it is not the reader's. */
  const pinnedTop = useRef<number | null>(null);
  const pin = useCallback((el: HTMLDivElement) => {
    el.scrollTop = el.scrollHeight;
    pinnedTop.current = el.scrollTop;
    atBottom.current = true;
  }, []);

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? "smooth" : "auto" });
    atBottom.current = true;
    pinnedTop.current = null;
    setUnseen(0);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !loaded) return;
    const prev = previous.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (prev.count === 0) {
      pin(el);
    } else if (first !== prev.first && last === prev.last) {
      // An older page arrived above: keep the same messages under the reader's eyes; a reader at the bottom
      // (a short first page fetches older ones by itself) stays at the bottom, so new messages keep following.
      if (atBottom.current) pin(el);
      else el.scrollTop += el.scrollHeight - prev.height;
    } else if (last !== prev.last) {
      const newest = messages.at(-1);
      if (atBottom.current || (newest?.fromMe && newest.userId === myUserId)) {
        pin(el);
        setUnseen(0);
      } else {
        const added = messages.length - prev.count;
        setUnseen((n) => n + Math.max(1, added));
      }
    } else if (atBottom.current) {
      pin(el);
    }
    previous.current = { first, last, height: el.scrollHeight, count: messages.length };
  }, [messages, loaded, myUserId, pin]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX) {
      atBottom.current = true;
    } else if (atBottom.current && pinnedTop.current !== null && el.scrollTop >= pinnedTop.current - 1) {
      // The list grew below while we held the bottom (a picture, an older page) before this event came: hold it.
      pin(el);
    } else {
      atBottom.current = false;
      pinnedTop.current = null;
    }
    if (atBottom.current) setUnseen(0);
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX) onNearTop();
  }, [onNearTop, pin]);

  /** Media that finished loading grows the list: stay at the bottom if we were there. */
  const onContentResize = useCallback(() => {
    const el = scroller.current;
    if (el && atBottom.current) pin(el);
    if (el) previous.current.height = el.scrollHeight;
  }, [pin]);

  return { scroller, onScroll, unseen, scrollToBottom, onContentResize };
}
