import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { queues, userQueues, users, type User } from "../../db/tenant";
import type { UserSummary, UserView } from "../../contracts/views/user";

export type { UserView };

/** The columns a user is answered with (never the password hash). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  profile: users.profile,
  super: users.super,
  online: users.online,
  allTicket: users.allTicket,
  whatsappId: users.whatsappId,
  language: users.language,
  maxOpenTickets: users.maxOpenTickets,
  assignmentPaused: users.assignmentPaused,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type UserRow = Pick<User, keyof typeof userColumns>;

/** Rows plus their queues ({ id, name, color }, by name), in one more query. */
export async function withQueues(db: Db, companyId: number, rows: UserRow[]): Promise<UserView[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(inList(userQueues.userId, rows.map((r) => r.id)), eq(queues.companyId, companyId)))
    .orderBy(asc(queues.name));
  return rows.map((row) => ({
    ...row,
    queues: links.filter((l) => l.userId === row.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
}

/** One user of the company with its queues, or null (another company's user is simply not found). */
export async function loadUserView(db: Db, companyId: number, id: number): Promise<UserView | null> {
  const row = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .get();
  if (!row) return null;
  return (await withQueues(db, companyId, [row]))[0] ?? null;
}

/** What the `user` websocket event carries. */
export function userSummary(user: Pick<User, "id" | "name" | "email" | "profile" | "online">): UserSummary {
  return { id: user.id, name: user.name, email: user.email, profile: user.profile, online: user.online };
}
