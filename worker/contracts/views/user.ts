export type UserProfile = "admin" | "supervisor" | "user";

/** A user as the users page shows it, with its queues (domain/users/view.ts). */
export type UserView = {
  id: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  allTicket: "enabled" | "disabled";
  online: boolean;
  language: string | null;
  whatsappId: number | null;
  queues: { id: number; name: string; color: string }[];
  /** Automatic assignment (issue 26): the most open tickets given to the agent (null, no limit), and their pause. */
  maxOpenTickets: number | null;
  assignmentPaused: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** A user as the `user` event carries it. */
export type UserSummary = Pick<UserView, "id" | "name" | "email" | "profile" | "online">;
