import { useEffect, useState } from "react";
import type { AutomationActionType } from "../../../../worker/contracts/automation/actions";
import type { TemplateView } from "../../../../worker/contracts/whatsappTemplates";
import { api } from "../../lib/api";
import { listCompanyUsers, listConnections, listQueues, listTags } from "../tickets/shared/api";
import type { QueueRef, TagRef, UserRef } from "../tickets/shared/types";

/** An approved template with the Cloud API connection it belongs to, as the template picker lists it. */
export interface ActionTemplate extends Pick<TemplateView, "id" | "name" | "language" | "variables" | "body"> {
  connectionName: string;
}

/** The names the actions' pickers offer and their summaries show (each list empty when its type is not offered). */
export interface ActionLookups {
  users: UserRef[];
  queues: QueueRef[];
  tags: TagRef[];
  templates: ActionTemplate[];
}

export const NO_LOOKUPS: ActionLookups = { users: [], queues: [], tags: [], templates: [] };

/** A lookup the viewer may not read (an agent and the users list) shows as empty rather than failing the page. */
const orNone = <T,>(load: () => Promise<T[]>): Promise<T[]> => load().catch(() => []);

async function approvedCloudTemplates(): Promise<ActionTemplate[]> {
  const connections = (await orNone(listConnections)).filter((c) => c.channel === "cloud");
  const lists = await Promise.all(
    connections.map(async (c) =>
      (await orNone(() => api<TemplateView[]>(`/whatsapp/${c.id}/templates`)))
        .filter((tpl) => tpl.status === "APPROVED")
        .map((tpl) => ({ id: tpl.id, name: tpl.name, language: tpl.language, variables: tpl.variables, body: tpl.body, connectionName: c.name })),
    ),
  );
  return lists.flat();
}

/** Loads, once, what the offered action types need to name their choices. */
export function useActionLookups(types: readonly AutomationActionType[]): ActionLookups & { loading: boolean } {
  const needs = (type: AutomationActionType) => types.includes(type);
  const key = types.join(",");
  const [state, setState] = useState<ActionLookups & { loading: boolean }>({ ...NO_LOOKUPS, loading: true });
  useEffect(() => {
    let live = true;
    void Promise.all([
      needs("assignAgent") ? orNone(listCompanyUsers) : [],
      needs("assignQueue") ? orNone(listQueues) : [],
      needs("addTags") || needs("removeTags") ? orNone(listTags) : [],
      needs("sendTemplate") ? approvedCloudTemplates() : [],
    ]).then(([users, queues, tags, templates]) => {
      if (live) setState({ users, queues, tags, templates, loading: false });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the offered types, by value
  }, [key]);
  return state;
}
