import type { PlanView } from "./plan";
import type { UserProfile, UserView } from "./user";

export type { UserProfile };

/** What the app shell needs about the logged-in user: the answer of login, refresh and GET /api/auth/me. */
export type SessionUser = Omit<UserView, "createdAt" | "updatedAt"> & {
  companyId: number;
  /** In a queue with automatic assignment (the account menu then offers the pause). */
  inAssigningQueue: boolean;
  /** Two-factor sign-in (issue 28): on for the user; required of them (a required one not on: only enrolment is open). */
  twoFactor: { enabled: boolean; required: boolean };
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
