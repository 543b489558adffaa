import type { QueueIntegrationView } from "../../../../worker/contracts/queueIntegrations";

export type IntegrationRow = QueueIntegrationView;
export type IntegrationType = QueueIntegrationView["type"];

export interface IntegrationsPage {
  queueIntegrations: IntegrationRow[];
  count: number;
  hasMore: boolean;
}

export type IntegrationPayload = Omit<IntegrationRow, "id" | "hasJsonContent" | "createdAt" | "updatedAt" | "secret">;
