import { useEffect, useState } from "react";
import { planAllows } from "../../lib/access";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { settingValue, useSessionUser } from "../../lib/session-user";
import { listLinkable } from "./api";
import type { NamedRef } from "./types";

/**
 * What the queue dialog depends on besides the queue: whether queues have their own service hours (company
 * setting scheduleType is "queue", spec 002) and the integrations and prompts a queue may link to (null: that
 * select is left out, see listLinkable).
 */
export function useQueueDialogContext(open: boolean) {
  const user = useSessionUser();
  const [scheduleType, setScheduleType] = useState(() => settingValue(user, "scheduleType") ?? "disabled");
  const [integrations, setIntegrations] = useState<NamedRef[] | null>(null);
  const [prompts, setPrompts] = useState<NamedRef[] | null>(null);
  const mayIntegrate = planAllows(user, "useIntegrations");
  const mayPrompt = planAllows(user, "useOpenAi");

  // The session's copy is read on every navigation; a change made meanwhile arrives as an event.
  useRealtimeEvent("settings", (event) => {
    if (event.key === "scheduleType") setScheduleType(event.value);
  });

  useEffect(() => {
    if (!open) return;
    let live = true;
    if (mayIntegrate) listLinkable("/queueIntegration", "queueIntegrations").then((l) => live && setIntegrations(l), toastError);
    if (mayPrompt) listLinkable("/prompt", "prompts").then((l) => live && setPrompts(l), toastError);
    return () => {
      live = false;
    };
  }, [open, mayIntegrate, mayPrompt]);

  return { schedulesEnabled: scheduleType === "queue", integrations, prompts };
}
