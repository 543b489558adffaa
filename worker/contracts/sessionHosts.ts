import type { BridgeConnectionStatus, LinkRefusal } from "./bridge";

/**
 * The super admin's view of the session hosts (issue 30, ADR 0056):
 *   GET /api/platform/session-hosts                  → { hosts: SessionHostView[] } (super admin only)
 *   GET /api/platform/session-hosts/:hostId/connections → { connections: HostedConnectionView[] }
 * A host is `live` while its heartbeats arrive (HOST_LIVE_MS); `connections` counts its unexpired leases.
 */
export type SessionHostView = {
  id: string;
  url: string;
  capacity: number;
  /** Connections whose lease this host holds now. */
  connections: number;
  /** Sockets the host said it has open at its last heartbeat. */
  running: number;
  draining: boolean;
  live: boolean;
  memoryMb: number | null;
  version: string | null;
  startedAt: string;
  lastHeartbeatAt: string;
};

export type HostedConnectionView = {
  whatsappId: number;
  companyId: number;
  companyName: string;
  name: string;
  status: BridgeConnectionStatus;
  leaseExpiresAt: string;
};

/**
 * A WhatsApp Web connection's health, on the connections page (WhatsappView.health; null for Cloud API numbers):
 * the last event heard from WhatsApp, reconnects and silent restarts in the last 24 hours, messages recovered after
 * a restart in the last 24 hours, and why WhatsApp refused to link, if it did.
 */
export type ConnectionHealthView = {
  lastEventAt: string | null;
  reconnects24h: number;
  silentRestarts24h: number;
  recovered24h: number;
  refusal: LinkRefusal | null;
  /** The session host that runs it now (super admin and diagnostics; null when none holds it). */
  hostId: string | null;
};
