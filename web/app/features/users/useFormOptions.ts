import { useEffect, useState } from "react";
import { listConnectionsOrNone, listQueuesOrNone } from "./api";
import type { ConnectionRef, QueueRef } from "./types";

/** Queues and connections for the user dialog, loaded when it opens (empty until those features exist). */
export function useUserFormOptions(enabled: { queues: boolean; connections: boolean }) {
  const [state, setState] = useState<{ queues: QueueRef[]; connections: ConnectionRef[]; loading: boolean }>({
    queues: [],
    connections: [],
    loading: enabled.queues || enabled.connections,
  });
  useEffect(() => {
    let live = true;
    void Promise.all([
      enabled.queues ? listQueuesOrNone() : Promise.resolve([]),
      enabled.connections ? listConnectionsOrNone() : Promise.resolve([]),
    ]).then(([queues, connections]) => {
      if (live) setState({ queues, connections, loading: false });
    });
    return () => {
      live = false;
    };
  }, [enabled.queues, enabled.connections]);
  return state;
}
