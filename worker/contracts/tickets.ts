import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { ticketPriority } from "./automation/actions";

/**
 * Ids per list of the inbox's filters and of closeAll: a user may be in up to 500 queues (contracts/users), and
 * the queue selector sends those chosen.
 */
export const MAX_FILTER_IDS = 500;

/** Query strings carry JSON arrays for ids (`tags=[1,2]`), as the spec's UI sends them; comma lists work too. */
export const idList = z
  .string()
  .max(20_000, "Too long")
  .transform((raw, ctx) => {
    const text = raw.trim();
    if (text === "" || text === "[]") return [] as number[];
    let values: unknown;
    try {
      values = text.startsWith("[") ? JSON.parse(text) : text.split(",");
    } catch {
      values = null;
    }
    const ids = Array.isArray(values) ? values.map((v) => Number(v)) : [NaN];
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      ctx.addIssue({ code: "custom", message: "Expected a list of ids" });
      return z.NEVER;
    }
    if (ids.length > MAX_FILTER_IDS) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_FILTER_IDS} ids` });
      return z.NEVER;
    }
    return ids;
  });

const boolParam = z.enum(["true", "false"]).transform((v) => v === "true");
const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD");

export const TICKETS_PAGE_SIZE = 40;

export const listTicketsQuery = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  status: z.enum(["open", "pending", "closed", "group"]).optional(),
  tags: idList.optional(),
  users: idList.optional(),
  queueIds: idList.optional(),
  showAll: boolParam.optional(),
  withUnreadMessages: boolParam.optional(),
  /** Tickets created on this day (company time zone). */
  date: dateParam.optional(),
  /** Tickets updated on this day (company time zone). */
  updatedAt: dateParam.optional(),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;

const id = platformId();

export const createTicketInput = z.object({
  contactId: id,
  queueId: id.nullish(),
  whatsappId: id.nullish(),
  userId: id.nullish(),
  status: z.literal("open").default("open"),
});
export type CreateTicketInput = z.infer<typeof createTicketInput>;

const namedRef = z.object({ id, name: z.string() });

/**
 * What a 409 ERR_OTHER_OPEN_TICKET carries (issue 31 §4): where the contact's live ticket is, so that an agent who
 * meets it is not stuck. Everyone learns the queue that holds it; the agent who has it, and the ticket itself
 * (to open it), only someone who may see that ticket.
 */
export const openTicketConflict = z.object({
  holder: z.object({
    status: z.enum(["open", "pending"]),
    queue: namedRef.nullable(),
    /** Null when nobody has it, or when the caller may not see who has it. */
    user: namedRef.nullable(),
  }),
  ticket: z
    .object({
      id,
      uuid: z.string(),
      status: z.enum(["open", "pending"]),
      userId: id.nullable(),
      queueId: id.nullable(),
      user: z.object({ id, name: z.string().nullable() }).nullable(),
      queue: z.object({ id, name: z.string().nullable() }).nullable(),
    })
    .optional(),
});
export type OpenTicketConflict = z.infer<typeof openTicketConflict>;

/** POST /tickets/transferRequest: ask whoever holds the contact's live ticket to hand it over. */
export const transferRequestInput = z.object({
  contactId: id,
  whatsappId: id.nullish(),
});
export type TransferRequestInput = z.infer<typeof transferRequestInput>;

/** Who was asked: the agent who has the ticket, or (nobody has it) the company's admins; never named. */
export interface TransferRequestResult {
  asked: "agent" | "admins";
}

export const updateTicketInput = patchOf({
  status: z.enum(["open", "pending", "closed"]).optional(),
  userId: id.nullish(),
  queueId: id.nullish(),
  whatsappId: id.nullish(),
  justClose: z.boolean().optional(),
  useIntegration: z.boolean().optional(),
  promptId: id.nullish(),
  integrationId: id.nullish(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketInput>;

export const closeAllInput = z.object({
  status: z.enum(["open", "pending"]),
  selectedQueueIds: z.array(id).max(MAX_FILTER_IDS, `At most ${MAX_FILTER_IDS} ids`).default([]),
});
export type CloseAllInput = z.infer<typeof closeAllInput>;

/** GET /api/tickets/closeAll: how many a close-all of these would close (ids as in the list's query). */
export const closeAllQuery = z.object({
  status: z.enum(["open", "pending"]),
  selectedQueueIds: idList.default([]),
});

/** PUT /api/tickets/:id/priority (issue 26). */
export const setTicketPriorityInput = z.object({ priority: ticketPriority });
