import { useEffect, useMemo, useRef, useState } from "react";
import { useRealtimeEvent } from "../../../../lib/realtime";
import { listQuickReplies } from "../api";
import { matchQuickReplies, quickReplyQuery } from "../rules/quickReplies";
import type { QuickReply } from "../types";

/** The user's quick replies, read the first time the text starts with "/", kept current by realtime. */
export function useQuickReplies(text: string) {
  const [all, setAll] = useState<QuickReply[] | null>(null);
  const asked = useRef(false);
  const wanted = quickReplyQuery(text) !== null;

  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    listQuickReplies()
      .then(setAll)
      .catch(() => setAll([]));
  }, [wanted]);

  useRealtimeEvent("quickMessage", (event) => {
    if (!all) return;
    if (event.action === "delete") setAll(all.filter((q) => q.id !== event.quickMessageId));
    else {
      const q = event.quickMessage;
      const rest = all.filter((x) => x.id !== q.id);
      setAll(q.status === false ? rest : [...rest, q].sort((a, b) => a.shortcode.localeCompare(b.shortcode)));
    }
  });

  const matches = useMemo(() => (all ? matchQuickReplies(all, text) : []), [all, text]);
  return { open: wanted, loading: wanted && all === null, matches };
}
