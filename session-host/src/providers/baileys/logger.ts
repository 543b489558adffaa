import type { SocketConfig } from "@whiskeysockets/baileys";

export type ILogger = SocketConfig["logger"];

/** What the host may pass: a pino logger, or anything console-like. */
export interface LoggerLike {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug?(...args: unknown[]): void;
}

function isPinoLike(logger: LoggerLike): logger is LoggerLike & ILogger {
  const candidate = logger as Partial<ILogger>;
  return typeof candidate.child === "function" && typeof candidate.trace === "function" && typeof candidate.level === "string";
}

/**
 * The logger Baileys wants (pino's shape). A pino logger is used as is; a console gets warnings and errors only,
 * because Baileys logs every frame at debug/trace and much routine chatter at info.
 */
export function toBaileysLogger(logger: LoggerLike, bindings: Record<string, unknown> = {}): ILogger {
  if (isPinoLike(logger)) return logger.child(bindings);
  const quiet = () => undefined;
  const make = (context: Record<string, unknown>): ILogger => ({
    level: "warn",
    child: (more) => make({ ...context, ...more }),
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: (obj, msg) => logger.warn("baileys:", msg ?? "", { ...context, detail: obj }),
    error: (obj, msg) => logger.error("baileys:", msg ?? "", { ...context, detail: obj }),
  });
  return make(bindings);
}
