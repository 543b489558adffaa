import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../domain/errors";

/** JSON bodies above this are refused with 413 before they are read (uploads have their own limits). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Refuses a JSON body above MAX_JSON_BODY_BYTES with 413 (the hub's API, and the edge's login). */
export const jsonBodyLimit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_JSON_BODY_BYTES} bytes.`, {
      limit: MAX_JSON_BODY_BYTES,
    });
  },
});
