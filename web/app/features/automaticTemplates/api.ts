import type { AutomaticTemplatesInput, AutomaticTemplateView } from "../../../../worker/contracts/automaticTemplates";
import { api } from "../../lib/api";

export const listAutomaticTemplates = (connectionId: number, signal?: AbortSignal) =>
  api<AutomaticTemplateView[]>(`/whatsapp/${connectionId}/automatic-templates`, { signal });

export const saveAutomaticTemplates = (connectionId: number, choice: AutomaticTemplatesInput) =>
  api<AutomaticTemplateView[]>(`/whatsapp/${connectionId}/automatic-templates`, { method: "PUT", body: choice });
