import { api } from "../../lib/api";
import type { ConnectionRef, QueueRef, UserPayload, UserRow, UsersPage } from "./types";

export function listUsers(params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) {
  return api<UsersPage>("/users", { query: params, signal });
}

export function getUser(id: number) {
  return api<UserRow>(`/users/${id}`);
}

export function createUser(payload: UserPayload) {
  return api<UserRow>("/users", { method: "POST", body: payload });
}

export function updateUser(id: number, payload: UserPayload) {
  return api<UserRow>(`/users/${id}`, { method: "PUT", body: payload });
}

export function deleteUser(id: number) {
  return api<unknown>(`/users/${id}`, { method: "DELETE" });
}

/** Queues and connections come with later features: until their APIs answer, the lists are empty. */
export async function listQueuesOrNone(): Promise<QueueRef[]> {
  try {
    const body = await api<unknown>("/queue");
    const list = Array.isArray(body) ? body : (body as { queues?: unknown })?.queues;
    return Array.isArray(list) ? (list as QueueRef[]) : [];
  } catch {
    return [];
  }
}

export async function listConnectionsOrNone(): Promise<ConnectionRef[]> {
  try {
    const body = await api<unknown>("/whatsapp");
    const list = Array.isArray(body) ? body : (body as { whatsapps?: unknown })?.whatsapps;
    return Array.isArray(list) ? (list as ConnectionRef[]) : [];
  } catch {
    return [];
  }
}
