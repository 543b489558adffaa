import type { EventSinkStats } from "./events/sink";
import { CONNECTION_STATUSES, type ConnectionInfo, type ProviderName } from "./providers/provider";

/** Prometheus text exposition (version 0.0.4) of the host's state. */
export function renderMetrics(input: {
  provider: ProviderName;
  connections: ConnectionInfo[];
  events: EventSinkStats;
  /** With the bridge: leases held, and consecutive failed deliveries to the worker. */
  leases?: number;
  deliveryFailures?: number;
  /** With the bridge: connections this host may hold, and whether it is draining (handing its connections over). */
  capacity?: number;
  draining?: boolean;
  uptimeSeconds: number;
  memory?: NodeJS.MemoryUsage;
}): string {
  const mem = input.memory ?? process.memoryUsage();
  const lines: string[] = [];
  const metric = (name: string, type: "gauge" | "counter", help: string, samples: [string, number][]) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
  };
  const provider = `provider="${input.provider}"`;

  const byStatus = new Map<string, number>(CONNECTION_STATUSES.map((s) => [s, 0]));
  for (const c of input.connections) byStatus.set(c.status, (byStatus.get(c.status) ?? 0) + 1);
  metric(
    "zapdesk_host_connections",
    "gauge",
    "WhatsApp connections held by this session host, by status.",
    [...byStatus].map(([status, n]) => [`{${provider},status="${status}"}`, n]),
  );
  metric("zapdesk_host_events_recorded_total", "counter", "Provider events (messages, acks, statuses, QR codes, …) recorded (with the bridge: written to the spool).", [
    ["", input.events.recorded],
  ]);
  metric("zapdesk_host_events_delivered_total", "counter", "Events the worker acknowledged.", [["", input.events.delivered]]);
  metric("zapdesk_host_events_spooled", "gauge", "Events waiting for delivery to the worker.", [["", input.events.spooled]]);
  metric("zapdesk_host_events_dropped_total", "counter", "Events given up on: refused by the worker or unreadable (dead letters), or over the memory buffer without a worker.", [
    ["", input.events.dropped],
  ]);
  if (input.leases !== undefined) metric("zapdesk_host_leases_held", "gauge", "Connection leases this host holds.", [["", input.leases]]);
  if (input.deliveryFailures !== undefined) {
    metric("zapdesk_host_delivery_failures", "gauge", "Consecutive failed deliveries to the worker (0 while it takes events).", [["", input.deliveryFailures]]);
  }
  if (input.capacity !== undefined) metric("zapdesk_host_capacity", "gauge", "Connections this host may hold (SESSION_HOST_CAPACITY).", [["", input.capacity]]);
  if (input.draining !== undefined) metric("zapdesk_host_draining", "gauge", "1 while the host hands its connections over before stopping.", [["", input.draining ? 1 : 0]]);
  metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", [["", mem.rss]]);
  metric("nodejs_heap_size_total_bytes", "gauge", "V8 heap size in bytes.", [["", mem.heapTotal]]);
  metric("nodejs_heap_size_used_bytes", "gauge", "V8 heap used in bytes.", [["", mem.heapUsed]]);
  metric("nodejs_external_memory_bytes", "gauge", "Memory of C++ objects bound to JavaScript objects, in bytes.", [["", mem.external]]);
  metric("process_uptime_seconds", "gauge", "Seconds since the session host started.", [["", Math.round(input.uptimeSeconds * 1000) / 1000]]);
  return `${lines.join("\n")}\n`;
}
