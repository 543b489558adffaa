import type { Profile as UserProfile } from "../../../../worker/contracts/permissions";

/** Shapes of the users API (GET /api/users and friends). */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface UserRow {
  id: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  online: boolean;
  allTicket: "enabled" | "disabled";
  whatsappId: number | null;
  queues: QueueRef[];
  createdAt?: string;
}

export interface UsersPage {
  users: UserRow[];
  count: number;
  hasMore: boolean;
}

export interface UserPayload {
  name: string;
  email: string;
  password?: string;
  /** With `password`, when users change their own. */
  currentPassword?: string;
  profile?: UserProfile;
  queueIds?: number[];
  whatsappId?: number | null;
  allTicket?: "enabled" | "disabled";
  language?: string;
}

export interface ConnectionRef {
  id: number;
  name: string;
  isDefault?: boolean;
}
