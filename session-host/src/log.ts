/** The host logs through this small interface so that tests can silence or capture it. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export const consoleLogger: Logger = {
  info: (m, ...d) => console.log(m, ...d),
  warn: (m, ...d) => console.warn(m, ...d),
  error: (m, ...d) => console.error(m, ...d),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
