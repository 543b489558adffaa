import type { PlanView } from "./plan";

export type UserProfile = "admin" | "supervisor" | "user";

/** What the app shell needs about the logged-in user: the answer of login, refresh and GET /api/auth/me. */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  allTicket: "enabled" | "disabled";
  online: boolean;
  whatsappId: number | null;
  language: string | null;
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    status: boolean;
    timezone: string;
    campaignsEnabled: boolean;
    /** Every company setting, defaults filled in. */
    settings: { key: string; value: string }[];
    plan: PlanView | null;
  };
};

/** A new session (login, refresh): its tokens and its user. */
export type SessionGrant = {
  token: string;
  refreshToken: string;
  sessionId: string;
  user: SessionUser;
};
