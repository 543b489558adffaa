import type { Plan } from "../../db/tenant";
import type { PlanView } from "../../contracts/views/plan";

export type { PlanView };

/** A plan as the API answers it (every column; nothing in a plan is secret). */
export function planView(plan: Plan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
    useCampaigns: plan.useCampaigns,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
    useInternal: plan.useInternal,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  };
}
