import { z } from "zod";
import { platformIdText } from "../../../../worker/contracts/ids";
import { startSupportAccessInput, SUPPORT_ACCESS_MINUTES } from "../../../../worker/contracts/audit";

/** The durations offered (minutes), within the contract's bounds. */
export const SUPPORT_DURATIONS = [15, 30, 60, 120, 240, 480].filter((m) => m >= SUPPORT_ACCESS_MINUTES.min && m <= SUPPORT_ACCESS_MINUTES.max);

/** The "Acesso de suporte" form: the API's contract, read from the form's text fields. */
export const supportAccessForm = z.object({
  companyId: platformIdText("audit.support.pickCompany"),
  reason: startSupportAccessInput.shape.reason,
  minutes: z.coerce.number().pipe(startSupportAccessInput.shape.minutes),
});
