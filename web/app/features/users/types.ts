import type { Profile as UserProfile } from "../../../../worker/contracts/permissions";
import type { UserView } from "../../../../worker/contracts/views/user";
import type { QueueRef } from "../../../../worker/contracts/views/whatsapp";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the users API (GET /api/users and friends): the contract's view as JSON. */
export type { QueueRef };
export type UserRow = Wire<UserView>;

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
  maxOpenTickets?: number | null;
}

export interface ConnectionRef {
  id: number;
  name: string;
  isDefault?: boolean;
}
