import { useCallback, useState } from "react";
import { useWholeList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listPrompts } from "./api";
import type { PromptRow, PromptUsage } from "./types";

const NO_USAGE: PromptUsage = { calls: 0, failures: 0, promptTokens: 0, completionTokens: 0 };

/**
 * The prompts page's list (GET /prompt answers every prompt at once) and the company's token usage, kept current
 * by `prompt` events (spec 002: a saved prompt replaces its row or goes on top; a deleted one goes).
 */
export function usePromptList() {
  const [usage, setUsage] = useState<PromptUsage>(NO_USAGE);
  const fetchAll = useCallback(async () => {
    const body = await listPrompts();
    setUsage(body.usage);
    return body.prompts;
  }, []);
  const list = useWholeList<PromptRow>(fetchAll);
  const upsert = (prompt: PromptRow) => list.upsert(prompt, true);

  useRealtimeEvent("prompt", (event) => {
    if (event.action === "delete") list.remove(event.promptId);
    else upsert(event.prompt); // to admins only: the whole view (masked keys)
  });
  return { ...list, usage, upsert };
}
