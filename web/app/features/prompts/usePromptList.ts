import { useCallback, useEffect, useState } from "react";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { listPrompts } from "./api";
import type { PromptRow, PromptUsage } from "./types";

const NO_USAGE: PromptUsage = { calls: 0, failures: 0, promptTokens: 0, completionTokens: 0 };

/**
 * The prompts page's list (GET /prompt answers every prompt at once) and the company's token usage, kept current
 * by `prompt` events (spec 002: a saved prompt replaces its row or goes on top; a deleted one goes).
 */
export function usePromptList() {
  const [items, setItems] = useState<PromptRow[]>([]);
  const [usage, setUsage] = useState<PromptUsage>(NO_USAGE);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(() => {
    listPrompts()
      .then((body) => {
        setItems(body.prompts);
        setUsage(body.usage);
        setLoaded(true);
      })
      .catch(toastError);
  }, []);
  useEffect(reload, [reload]);

  const upsert = useCallback((prompt: PromptRow) => {
    setItems((list) => (list.some((p) => p.id === prompt.id) ? list.map((p) => (p.id === prompt.id ? prompt : p)) : [prompt, ...list]));
  }, []);
  const remove = useCallback((id: number) => setItems((list) => list.filter((p) => p.id !== id)), []);

  useRealtimeEvent("prompt", (event) => {
    if (event.action === "delete") remove(event.promptId);
    else upsert(event.prompt as unknown as PromptRow); // to admins only: the whole view (masked keys)
  });
  return { items, usage, loaded, upsert, remove, reload };
}
