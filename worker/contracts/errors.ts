import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The error catalogue: every code the API answers with, its HTTP status and a default English message.
 * The UI localises codes it knows (web/app/i18n) and shows unknown ones raw.
 */
export const errorCatalogue = {
  // validation and protocol
  ERR_VALIDATION: [400, "Some fields are invalid."],
  ERR_INVALID_JSON: [400, "The request body is not valid JSON."],
  ERR_MALFORMED_URL: [400, "The address is not valid percent-encoded UTF-8."],
  ERR_PAYLOAD_TOO_LARGE: [413, "The request body is too large."],
  ERR_UNSUPPORTED_CONTENT_TYPE: [415, "The request body is not of a type this endpoint accepts."],
  ERR_NOT_FOUND: [404, "Not found."],
  ERR_RATE_LIMITED: [429, "Too many attempts. Try again later."],
  ERR_CSRF: [403, "Cross-site request refused."],
  ERR_BRIDGE_SIGNATURE: [401, "Bridge call refused: missing, stale or invalid signature."],
  ERR_WEBHOOK_SIGNATURE: [401, "Webhook refused: missing or invalid X-Hub-Signature-256."],
  ERR_WEBHOOK_VERIFY_TOKEN: [403, "The verify token does not match."],
  ERR_MEDIA_CHECKSUM: [400, "The uploaded bytes do not match their declared SHA-256."],
  ERR_INTERNAL: [500, "An internal error occurred."],
  // spreadsheet imports
  ERR_IMPORT_XLS_UNSUPPORTED: [400, "Legacy .xls files are not read on the server; the contacts page converts them in the browser."],
  ERR_IMPORT_INVALID_FILE: [400, "The file is not a readable .xlsx or .csv spreadsheet."],
  ERR_IMPORT_NO_NUMBER_COLUMN: [400, "The spreadsheet has no number column (numero, número, number, telefone or phone)."],
  ERR_IMPORT_TOO_MANY_ROWS: [400, "The spreadsheet has too many rows."],
  ERR_IMPORT_TARGET_NOT_EMPTY: [409, "The company to import into already has contacts, tickets or messages."],
  // auth and session
  ERR_SESSION_EXPIRED: [401, "Your session has expired. Please log in again."],
  ERR_INVALID_CREDENTIALS: [401, "Invalid email or password."],
  ERR_WRONG_CURRENT_PASSWORD: [400, "The current password is not correct."],
  ERR_NO_INVOICE_FOUND: [404, "Invoice not found."],
  ERR_INVOICE_NOT_OPEN: [409, "This invoice is already paid or cancelled."],
  ERR_PIX_NOT_CONFIGURED: [409, "Pix payments are not configured on this platform."],
  // Web Push (issue 29)
  ERR_PUSH_NOT_CONFIGURED: [409, "Push notifications are not configured on this platform."],
  ERR_PUSH_NO_DEVICE: [409, "Turn notifications on for this device first."],
  ERR_PIX_PROVIDER: [502, "The Pix provider could not be reached; try again."],
  ERR_REGISTER_DISABLED: [403, "Registration is closed."],
  ERR_CAPTCHA_FAILED: [400, "The anti-robot check failed. Try again."],
  ERR_INVALID_RESET_CODE: [400, "The verification code is wrong, used or expired. Ask for a new one."],
  ERR_COMPANY_INACTIVE: [401, "This company is inactive. Contact support."],
  ERR_PAYMENT_REQUIRED: [402, "The subscription has expired: pay the open invoice to continue."],
  ERR_SUBSCRIPTION_EXPIRED: [401, "The subscription has expired. Contact support."],
  ERR_REFRESH_RACE: [409, "The session was just refreshed by another request; retry with the new cookie."],
  ERR_SESSION_REPLACED: [401, "Your account was accessed from another computer."],
  // two-factor sign-in (issue 28)
  ERR_TWO_FACTOR_REQUIRED: [403, "Two-factor sign-in is required: set it up on your security page to continue."],
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: [401, "The sign-in took too long. Please log in again."],
  ERR_TWO_FACTOR_INVALID_CODE: [400, "The code is not valid."],
  ERR_TWO_FACTOR_ALREADY_ENABLED: [409, "Two-factor sign-in is already on."],
  ERR_TWO_FACTOR_NOT_ENABLED: [409, "Two-factor sign-in is not on."],
  ERR_TWO_FACTOR_NOT_STARTED: [409, "Start the set-up first: there is no code to confirm."],
  ERR_TWO_FACTOR_REQUIRED_BY_COMPANY: [409, "Your company requires two-factor sign-in: it cannot be turned off."],
  ERR_SESSION_NOT_ENDABLE: [409, "This session is not live, or is the one in use."],
  ERR_NO_PERMISSION: [403, "You do not have permission for this action."],
  ERR_PLAN_FEATURE_DISABLED: [403, "Your plan does not include this feature."],
  ERR_PLAN_LIMIT_REACHED: [403, "Your plan's limit has been reached."],
  ERR_PLAN_TOO_SMALL: [409, "The company has more users, connections or queues than this plan allows."],
  ERR_INVALID_API_TOKEN: [401, "Missing, unknown or revoked connection token."],
  ERR_API_TOKEN_INVALID: [401, "Missing, unknown, expired or revoked API token."],
  /** A company API token without the scope the endpoint needs (issue 25); the answer names the scope. */
  ERR_API_SCOPE: [403, "This API token does not have the scope this call needs."],
  ERR_USER_CREATION_DISABLED: [403, "User creation is disabled."],
  /** A super admin acting inside a company without a running support access (issue 28). */
  ERR_SUPPORT_ACCESS_REQUIRED: [403, "Start a support access to this company first."],
  // lookups
  ERR_NO_SETTING_FOUND: [404, "Setting not found."],
  ERR_NO_CONTACT_FOUND: [404, "Contact not found."],
  ERR_NO_TICKET_FOUND: [404, "Ticket not found."],
  ERR_NO_USER_FOUND: [404, "User not found."],
  ERR_NO_WAPP_FOUND: [404, "WhatsApp connection not found."],
  ERR_NO_COMPANY_FOUND: [404, "Company not found."],
  ERR_NO_PLAN_FOUND: [404, "Plan not found."],
  ERR_NO_SUPPORT_ACCESS_FOUND: [404, "Support access not found."],
  ERR_NO_HELP_FOUND: [404, "Help video not found."],
  ERR_NO_QUEUE_FOUND: [404, "Queue not found."],
  ERR_NO_QUEUE_OPTION_FOUND: [404, "Queue option not found."],
  ERR_NO_QUEUE_INTEGRATION_FOUND: [404, "Queue integration not found."],
  ERR_NO_PROMPT_FOUND: [404, "Prompt not found."],
  ERR_NO_API_TOKEN_FOUND: [404, "API token not found."],
  ERR_NO_TAG_FOUND: [404, "Tag not found."],
  ERR_NO_QUICK_MESSAGE_FOUND: [404, "Quick message not found."],
  ERR_NO_MACRO_FOUND: [404, "Macro not found."],
  ERR_NO_TICKET_NOTE_FOUND: [404, "Ticket note not found."],
  ERR_NO_MEDIA_FOUND: [404, "This record has no attachment."],
  ERR_NO_CHAT_FOUND: [404, "Chat not found."],
  ERR_NO_ANNOUNCEMENT_FOUND: [404, "Announcement not found."],
  ERR_NO_SCHEDULE_FOUND: [404, "Schedule not found."],
  ERR_NO_CONTACT_LIST_FOUND: [404, "Contact list not found."],
  ERR_NO_CONTACT_LIST_ITEM_FOUND: [404, "Contact list item not found."],
  ERR_NO_CAMPAIGN_FOUND: [404, "Campaign not found."],
  // conflicts
  ERR_EMAIL_IN_USE: [409, "This email is already in use."],
  ERR_COMPANY_NAME_IN_USE: [409, "A company with this name already exists."],
  ERR_PLAN_NAME_IN_USE: [409, "A plan with this name already exists."],
  ERR_PLAN_IN_USE: [409, "This plan is used by companies and cannot be deleted."],
  ERR_CANNOT_DELETE_SELF: [409, "You cannot delete your own user."],
  ERR_CANNOT_DELETE_OWN_COMPANY: [409, "You cannot delete your own company."],
  ERR_DUPLICATED_CONTACT: [409, "A contact with this number already exists."],
  ERR_DUPLICATED_TAG: [409, "A tag with this name already exists."],
  ERR_DUPLICATED_PROMPT: [409, "A prompt with this name already exists."],
  ERR_DUPLICATED_INTEGRATION: [409, "An integration with this name already exists."],
  ERR_DUPLICATED_WHATSAPP: [409, "A connection with this name already exists."],
  ERR_OTHER_OPEN_TICKET: [409, "An open ticket already exists for this contact."],
  ERR_QUEUE_COLOR_ALREADY_EXISTS: [409, "Another queue already uses this color."],
  ERR_QUEUE_NAME_ALREADY_EXISTS: [409, "Another queue already uses this name."],
  ERR_IDEMPOTENCY_KEY_REUSED: [409, "This Idempotency-Key was already used for a different request."],
  ERR_IDEMPOTENCY_KEY_IN_PROGRESS: [409, "A request with this Idempotency-Key is still being processed; retry shortly."],
  ERR_KANBAN_CARD_MOVED: [409, "Someone else moved this card meanwhile; the board shows where it is now."],
  ERR_DUPLICATED_CONTACT_LIST_ITEM: [409, "This number is already in the list."],
  ERR_CONTACT_LIST_CHECK_RUNNING: [409, "This list's WhatsApp check is already running."],
  ERR_NO_FILE_LIST_FOUND: [404, "File list not found."],
  ERR_NO_FILE_LIST_FILE_FOUND: [404, "File not found in this list."],
  ERR_DUPLICATED_FILE_LIST: [409, "A file list with this name already exists."],
  ERR_FILE_LIST_FULL: [409, "A file list holds at most 20 files."],
  ERR_SCHEDULE_NOT_PENDING: [409, "Only a pending schedule can be changed; this one was already sent or is being sent."],
  ERR_SCHEDULE_NOT_FAILED: [409, "Only a schedule that failed can be retried."],
  /** Why a schedule is ERRO when its time passed while the system was down and the company asked not to send late. */
  ERR_SCHEDULE_TICKET_HIDDEN: [403, "The contact's conversation is in a queue you may not act on; the scheduled message was not sent."],
  ERR_SCHEDULE_MISSED: [409, "Its time passed while the system was unavailable, and late schedules are not sent (setting scheduleMissed)."],
  ERR_CAMPAIGN_NOT_EDITABLE: [409, "This campaign has started (or starts within the hour) and can no longer be edited."],
  ERR_CAMPAIGN_WRONG_STATUS: [409, "This campaign is not in a state that allows this action."],
  ERR_CAMPAIGN_INCOMPLETE: [400, "A campaign needs a connection, a contact list or tag, and at least one message before it starts."],
  /** Why a campaign recipient was skipped: they answered an earlier campaign with an opt-out word. */
  ERR_CAMPAIGN_OPTED_OUT: [409, "This contact asked not to receive campaigns."],
  ERR_MARKETING_OPTED_OUT: [409, "Not sent: a marketing message, and this contact revoked consent to marketing messages."],
  ERR_NO_OTHER_WHATSAPP: [409, "At least one default WhatsApp is needed."],
  ERR_WAPP_GREETING_REQUIRED: [400, "A greeting is required when a connection has more than one queue."],
  // whatsapp
  ERR_NO_DEF_WAPP_FOUND: [404, "No default WhatsApp connection found."],
  ERR_WAPP_NOT_INITIALIZED: [409, "The WhatsApp connection is not initialised."],
  ERR_WAPP_ALREADY_PAIRED: [409, "This connection is already paired; disconnect it first."],
  ERR_WAPP_PAIRING_CODE: [502, "WhatsApp did not give a pairing code; try again or scan the QR code."],
  ERR_WAPP_CHECK_CONTACT: [502, "Could not check the contact on WhatsApp."],
  ERR_WAPP_INVALID_CONTACT: [400, "This is not a valid WhatsApp number."],
  ERR_WAPP_DOWNLOAD_MEDIA: [502, "Could not download the media."],
  ERR_SENDING_WAPP_MSG: [502, "Could not send the WhatsApp message."],
  ERR_DELETE_WAPP_MSG: [502, "Could not delete the WhatsApp message."],
  ERR_FETCH_WAPP_MSG: [502, "Could not fetch the message; it may be too old."],
  ERR_WAPP_WINDOW_CLOSED: [409, "The customer last wrote more than 24 hours ago; only an approved template can be sent."],
  ERR_WAPP_MARKETING_LIMIT: [429, "WhatsApp limits marketing messages to this person for now; try again after 24 hours."],
  ERR_WAPP_OPTED_OUT: [409, "This person stopped marketing messages from the business."],
  ERR_WAPP_RATE_LIMITED: [429, "WhatsApp is limiting how fast this number sends; the message will be tried again."],
  ERR_WAPP_TOKEN_EXPIRED: [401, "The connection's Cloud API token expired or was revoked; an admin must enter a new one."],
  ERR_WAPP_TEMPLATE: [400, "WhatsApp refused the template: check its name, language and variables."],
  ERR_WAPP_NOT_SUPPORTED: [400, "This connection's kind cannot do that."],
  ERR_WAPP_CLOUD_CREDENTIALS: [400, "The Cloud API did not accept this phone number id and token."],
  ERR_WAPP_SIGNUP_UNAVAILABLE: [404, "Embedded Signup is not set up on this deployment (META_APP_ID, META_CONFIG_ID, META_APP_SECRET)."],
  ERR_WAPP_SIGNUP_CODE: [400, "Meta did not accept the signup's code (it works once and briefly); connect with Facebook again."],
  ERR_WAPP_SIGNUP_SUBSCRIBE: [502, "Meta did not subscribe the app to the business account's webhooks; try again."],
  ERR_WAPP_SIGNUP_REGISTER: [400, "Meta did not register the number for the Cloud API; check the two-step verification PIN."],
  ERR_CREATING_MESSAGE: [500, "Could not create the message."],
  ERR_TICKET_CLOSED: [409, "This ticket is closed: reopen or accept it before sending messages."],
  ERR_TICKET_NOT_OPEN: [409, "Accept this ticket before sending messages."],
  ERR_EDIT_WINDOW_PASSED: [409, "Messages can only be edited within 15 minutes of being sent."],
  ERR_MESSAGE_NOT_EDITABLE: [409, "This message cannot be edited or deleted."],
  ERR_MESSAGE_NOT_RETRYABLE: [409, "Only a message whose delivery failed can be sent again."],
  ERR_UNSUPPORTED_MEDIA_TYPE: [400, "This file type cannot be sent."],
  ERR_CREATING_TICKET: [500, "Could not create the ticket."],
  // company export (issue 27 §3)
  ERR_COMPANY_EXPORT_RUNNING: [409, "An export of this company is already running."],
  ERR_COMPANY_EXPORT_NOT_READY: [409, "This export is not finished yet."],
  ERR_COMPANY_EXPORT_EXPIRED: [410, "This export's download link has expired; start a new export."],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The one error type the domain throws. `details` travels to the client (field errors, conflict owner, …). */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? errorCatalogue[code][1]);
    this.status = errorCatalogue[code][0] as ContentfulStatusCode;
  }
}

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  [detail: string]: unknown;
}

export function errorBody(err: AppError): ErrorBody {
  return { ...err.details, error: err.code, message: err.message };
}

export const notFound = (code: ErrorCode = "ERR_NOT_FOUND") => new AppError(code);
export const forbidden = () => new AppError("ERR_NO_PERMISSION");

/** A validation failure found by the domain (an id of another company, …), in the same shape as zod's. */
export function fieldError(fields: Record<string, string>): AppError {
  return new AppError("ERR_VALIDATION", `Invalid fields: ${Object.keys(fields).join(", ")}`, { fields });
}

/**
 * Whether a write failed on a unique index, e.g. `isUniqueViolation(err, "users.email")`. Pre-checks give the
 * friendly answer; this catches the race where two requests pass the pre-check together.
 */
export function isUniqueViolation(err: unknown, column: string): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
  }
  return false;
}

/**
 * A hub's answer across the RPC boundary: an Error's class does not survive it, so a refusal travels as data and
 * `unwrap` turns it back into its AppError on the caller's side.
 */
export type CommandEnvelope =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

/** Runs `run`, answering its value, or its AppError as data; any other error is thrown as it is. */
export async function toEnvelope(run: () => Promise<unknown>): Promise<CommandEnvelope> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: { code: err.code, message: err.message, details: err.details } };
    throw err;
  }
}

/** A hub's answer as data, back into its value or its AppError. */
export function unwrap(envelope: CommandEnvelope): unknown {
  if (!envelope.ok) throw new AppError(envelope.error.code as ErrorCode, envelope.error.message, envelope.error.details);
  return envelope.value;
}
