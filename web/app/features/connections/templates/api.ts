import type { CreateTemplateInput, TemplateHeaderFormat, TemplateView } from "../../../../../worker/contracts/whatsappTemplates";
import { api } from "../../../lib/api";
import { postFile } from "../../../lib/upload";

/** A Cloud API connection's message templates (ADR 0050): GET/POST /api/whatsapp/:id/templates and friends. */
export const listTemplates = (whatsappId: number) => api<TemplateView[]>(`/whatsapp/${whatsappId}/templates`);

export const syncTemplates = (whatsappId: number) => api<TemplateView[]>(`/whatsapp/${whatsappId}/templates/sync`, { method: "POST" });

export const createTemplate = (whatsappId: number, template: Partial<CreateTemplateInput>) =>
  api<TemplateView>(`/whatsapp/${whatsappId}/templates`, { method: "POST", body: template });

export const deleteTemplate = (whatsappId: number, templateId: number) => api<{ id: number }>(`/whatsapp/${whatsappId}/templates/${templateId}`, { method: "DELETE" });

/** A media header's example file, sent on to Meta: answers the handle the template names. */
export const uploadTemplateExample = (whatsappId: number, format: TemplateHeaderFormat, file: File) =>
  postFile<{ format: TemplateHeaderFormat; handle: string }>(`/whatsapp/${whatsappId}/templates/header-example`, file, { fields: { format } });
