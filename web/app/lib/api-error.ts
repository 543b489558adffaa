import type { OpenTicketConflict } from "../../../worker/contracts/tickets";

/** A failed API call: the server's error code, message and field errors (the one error shape of DESIGN.md). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body: Record<string, unknown> = {},
    /** Already shown to the user (session ended): the error handler stays quiet. */
    readonly handled = false,
    /** An ERR_OTHER_OPEN_TICKET's detail, parsed by its contract: where the contact's live ticket is. */
    readonly openTicket: OpenTicketConflict | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Reads the error body of a failed response; a body that is not the error shape yields no code. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.clone().json();
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON (a proxy page, an empty body)
  }
  const code = typeof body.error === "string" ? body.error : undefined;
  const message = typeof body.message === "string" ? body.message : res.statusText;
  const fields: Record<string, string> = {};
  if (body.fields && typeof body.fields === "object") {
    for (const [key, value] of Object.entries(body.fields as Record<string, unknown>)) {
      if (typeof value === "string") fields[key] = value;
    }
  }
  return new ApiError(res.status, code, message, fields, body, false, code === "ERR_OTHER_OPEN_TICKET" ? await openTicketOf(body) : null);
}

/**
 * The contract's parse of a conflict's detail, loaded only when one happens: the schemas (zod) stay out of the
 * JavaScript the inbox needs before it is usable (bench/firstVisit.mjs).
 */
async function openTicketOf(body: Record<string, unknown>): Promise<OpenTicketConflict | null> {
  const { openTicketConflict } = await import("../../../worker/contracts/tickets");
  const parsed = openTicketConflict.safeParse(body);
  return parsed.success ? parsed.data : null;
}
