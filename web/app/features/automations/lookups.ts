import { useEffect, useState } from "react";
import { AUTOMATION_ACTION_TYPES } from "../../../../worker/contracts/automation/actions";
import { useActionLookups, type ActionLookups } from "../automationActions/lookups";
import { listConnections } from "../tickets/shared/api";
import type { ConnectionRef } from "../tickets/shared/types";

/** The names a rule's summary and editor show: the actions' (users, queues, tags, templates) and the connections. */
export interface RuleLookups extends ActionLookups {
  connections: ConnectionRef[];
}

export function useRuleLookups(): RuleLookups & { loading: boolean } {
  const actions = useActionLookups(AUTOMATION_ACTION_TYPES);
  const [connections, setConnections] = useState<ConnectionRef[] | null>(null);
  useEffect(() => {
    let live = true;
    listConnections()
      .catch(() => [])
      .then((list) => live && setConnections(list));
    return () => {
      live = false;
    };
  }, []);
  return { ...actions, connections: connections ?? [], loading: actions.loading || connections === null };
}
