import { api } from "../../lib/api";
import type { TestSessionResult } from "../../../../worker/contracts/queueIntegrations";
import type { IntegrationPayload, IntegrationRow, IntegrationsPage } from "./types";

export async function listIntegrations(params: { searchParam: string; pageNumber: number }) {
  const body = await api<IntegrationsPage>("/queueIntegration", { query: params });
  return { items: body.queueIntegrations ?? [], count: body.count ?? 0, hasMore: !!body.hasMore };
}

export function createIntegration(payload: IntegrationPayload) {
  return api<IntegrationRow>("/queueIntegration", { method: "POST", body: payload });
}

export function updateIntegration(id: number, payload: IntegrationPayload) {
  return api<IntegrationRow>(`/queueIntegration/${id}`, { method: "PUT", body: payload });
}

export function deleteIntegration(id: number) {
  return api<{ message: string }>(`/queueIntegration/${id}`, { method: "DELETE" });
}

export function testDialogflowSession(payload: { id?: number; projectName: string; jsonContent: string; language: string }) {
  return api<TestSessionResult>("/queueIntegration/testSession", { method: "POST", body: payload });
}
