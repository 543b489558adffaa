import { AppError } from "../../domain/errors";

/**
 * A verb shared with the UI names its fields as the UI's body does (`quotedMsg`); the public body may name one
 * otherwise (`quotedMessageId`). This rethrows a validation error with the public name, so that the field an
 * integrator is told about is one the reference describes.
 */
export function asPublicFields(names: Record<string, string>) {
  return (err: unknown): never => {
    if (!(err instanceof AppError) || err.code !== "ERR_VALIDATION" || !err.details?.fields) throw err;
    const fields = Object.fromEntries(Object.entries(err.details.fields as Record<string, string>).map(([name, message]) => [names[name] ?? name, message]));
    throw new AppError("ERR_VALIDATION", `Invalid fields: ${Object.keys(fields).join(", ")}`, { ...err.details, fields });
  };
}
