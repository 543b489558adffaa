import { TEMPLATE_HEADER_MEDIA, type TemplateHeaderFormat } from "../../contracts/whatsappTemplates";
import { CloudApiError } from "../../lib/whatsappCloud";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { cloudConnectionOf } from "./cloudConnection";

/** The largest example Meta takes for any header kind (a document's), for the route's body limit. */
export const MAX_TEMPLATE_EXAMPLE_BYTES = Math.max(...Object.values(TEMPLATE_HEADER_MEDIA).map((m) => m.maxBytes));

/**
 * POST /api/whatsapp/:id/templates/header-example (admins): the example file of a media header, handed to Meta by the
 * Resumable Upload API on the platform's Meta app (META_APP_ID); answers the handle the new template names. Nothing
 * is kept here: the file is Meta's example for its review, and each send carries its own.
 */
export async function uploadTemplateExample({ ctx, input }: { ctx: Ctx; input: { whatsappId: number; readInput: () => Promise<{ format: TemplateHeaderFormat; file: File }> } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const { client } = await cloudConnectionOf(ctx, input.whatsappId);
  const { format, file } = await input.readInput();
  const rule = TEMPLATE_HEADER_MEDIA[format];
  if (!(rule.types as readonly string[]).includes(file.type)) throw fieldError({ file: `Must be ${rule.types.join(" or ")}` });
  if (file.size > rule.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", `The file is larger than ${rule.maxBytes} bytes.`, { limit: rule.maxBytes });
  const appId = ctx.env.META_APP_ID;
  if (!appId) throw new AppError("ERR_WAPP_NOT_SUPPORTED", "Media headers need the platform's Meta app id (META_APP_ID).");
  try {
    const handle = await client.uploadForReview(appId, await file.arrayBuffer(), file.type, file.name || "example");
    return { format, handle };
  } catch (err) {
    if (!(err instanceof CloudApiError)) throw err;
    if (err.code === 190) throw new AppError("ERR_WAPP_TOKEN_EXPIRED");
    throw new AppError("ERR_WAPP_TEMPLATE", err.details ?? err.message);
  }
}
