import type { TFunction } from "i18next";
import type { ErrorCode } from "../../../worker/contracts/errors";
import { heldSentence } from "../features/tickets/shared/held";
import { browserI18n } from "../i18n";
import { errors as catalogued } from "../i18n/pt-BR";
import { ApiError } from "./api-error";
import { formatDate } from "./calendarDate";
import { toast } from "./toast";

// The catalogue's codes as its pt-BR texts have them (typed: one per code), not the catalogue and its English messages.
function isCatalogued(code: string): code is ErrorCode {
  return Object.hasOwn(catalogued, code);
}

/** An error code as the user reads it: localised when known, the raw code otherwise. */
export function describeErrorCode(code: string | undefined | null, t: TFunction, detail?: string): string {
  if (!code) return t("errors.unknown");
  if (!isCatalogued(code)) return code;
  // Said without a date where none is known ("venceu ." otherwise).
  if (code === "ERR_SUBSCRIPTION_EXPIRED" && !detail) return t("errors.subscriptionExpiredUndated");
  return t(`errors.${code}`, { dueDate: detail ? formatDate(detail) : "" });
}

export function errorMessage(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET") {
    // Which queue (and, to who may see it, which agent) holds the contact's ticket, rather than only that one exists.
    if (err.openTicket) return heldSentence(err.openTicket, t);
  }
  if (err instanceof ApiError) {
    const dueDate = typeof err.body.dueDate === "string" ? err.body.dueDate : undefined;
    return describeErrorCode(err.code, t, dueDate);
  }
  return t("errors.unknown");
}

/** The one error handler of the app: a 2-second toast with the localised message. */
export function toastError(err: unknown) {
  if (err instanceof ApiError && err.handled) return;
  // An expired company's admin on the invoices page: the shell's own calls (badges, popovers) are refused with
  // 402 and the banner already says why (ADR 0036).
  if (err instanceof ApiError && err.code === "ERR_PAYMENT_REQUIRED") return;
  if (err instanceof DOMException && err.name === "AbortError") return;
  toast.error(errorMessage(err, browserI18n().t));
}
