/** A plan as the API answers it (every column; nothing in a plan is secret): domain/plans/view.ts builds it. */
export type PlanView = {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  useInternal: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The plan's feature switches, as the app shell reads them. */
export const planFlagKeys = [
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof planFlagKeys)[number];
