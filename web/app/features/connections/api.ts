import type { CloudSignup } from "../../../../worker/contracts/cloudSignup";
import { api, ApiError } from "../../lib/api";
import type { Connection, ConnectionPayload, ConnectionRow, CreatedConnection, NamedRef, QueueRef } from "./types";

export function listConnections(signal?: AbortSignal) {
  return api<ConnectionRow[]>("/whatsapp", { signal });
}

export function getConnection(id: number, signal?: AbortSignal) {
  return api<Connection>(`/whatsapp/${id}`, { signal });
}

export function createConnection(payload: ConnectionPayload) {
  return api<CreatedConnection>("/whatsapp", { method: "POST", body: payload });
}

/** Embedded Signup (issue 24): a new Cloud API connection on the number Facebook's flow gave. */
export function signUpCloudNumber(payload: ConnectionPayload & { signup: CloudSignup }) {
  return api<CreatedConnection>("/whatsapp/cloud/signup", { method: "POST", body: payload });
}

export function updateConnection(id: number, payload: Partial<ConnectionPayload>) {
  return api<Connection>(`/whatsapp/${id}`, { method: "PUT", body: payload });
}

export function deleteConnection(id: number) {
  return api<unknown>(`/whatsapp/${id}`, { method: "DELETE" });
}

/** Session control (spec 001 §7): POST starts ("Try again"), PUT restarts ("New QR"), DELETE disconnects. */
export function startSession(id: number) {
  return api<Connection>(`/whatsappsession/${id}`, { method: "POST" });
}

export function restartSession(id: number) {
  return api<Connection>(`/whatsappsession/${id}`, { method: "PUT" });
}

export function disconnectSession(id: number) {
  return api<Connection>(`/whatsappsession/${id}`, { method: "DELETE" });
}

export function restartAllSessions() {
  return api<{ restarted: number; failed: number[] }>("/whatsapp-restart", { method: "POST" });
}

export function requestPairingCode(id: number, number: string) {
  return api<{ code: string }>(`/whatsappsession/${id}/pairing-code`, { method: "POST", body: { number } });
}

export function generateToken(id: number) {
  return api<{ token: string; whatsapp: Connection }>(`/whatsapp/${id}/token`, { method: "POST" });
}

export function revokeToken(id: number) {
  return api<Connection>(`/whatsapp/${id}/token`, { method: "DELETE" });
}

export async function listQueues(): Promise<QueueRef[]> {
  const body = await api<unknown>("/queue");
  const list = Array.isArray(body) ? body : (body as { queues?: unknown })?.queues;
  return Array.isArray(list) ? (list as QueueRef[]) : [];
}

/**
 * Prompts and queue integrations for the dialog's selects. Their APIs come with their own pages: until they
 * answer (404), the selects stay hidden (null) rather than offering an empty list.
 * Both lists exist (issue 15); a 404 (an older server) or 403 (the plan lacks them) still hides the select.
 */
export async function listPromptsIfAvailable(): Promise<NamedRef[] | null> {
  return optionalList("/prompt", "prompts");
}

export async function listIntegrationsIfAvailable(): Promise<NamedRef[] | null> {
  return optionalList("/queueIntegration", "queueIntegrations");
}

async function optionalList(path: string, key: string): Promise<NamedRef[] | null> {
  try {
    const body = await api<unknown>(path);
    const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
    return Array.isArray(list) ? (list as NamedRef[]).map(({ id, name }) => ({ id, name })) : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
