import { useCallback } from "react";
import type { TemplateView } from "../../../../../worker/contracts/whatsappTemplates";
import { useWholeList } from "../../../components/list";
import { useRealtimeEvent } from "../../../lib/realtime";
import { listTemplates } from "./api";

const byName = (a: TemplateView, b: TemplateView) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language) || a.id - b.id;

/**
 * A Cloud API connection's templates (not paged: Meta's accounts hold a few hundred at most), kept current by the
 * `whatsappTemplate` events the hub publishes to admins when Meta's review arrives by webhook.
 */
export function useTemplateList(whatsappId: number) {
  const fetchAll = useCallback(() => listTemplates(whatsappId), [whatsappId]);
  const list = useWholeList<TemplateView>(fetchAll, { sort: byName, quietFailure: true, key: String(whatsappId) });
  useRealtimeEvent("whatsappTemplate", (event) => {
    if (event.template.whatsappId === whatsappId && list.has(event.template.id)) list.upsert(event.template);
  });
  return list;
}
