import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs to stdout. Cookies and tokens are redacted wherever they would appear. */
export function createLogger(options: { level: string; pretty?: boolean }): Logger {
  return pino({
    level: options.level,
    base: undefined,
    redact: {
      paths: ["token", "*.token", "cookie", "*.cookie", "headers.cookie", "password", "*.password"],
      censor: "[redacted]",
    },
  });
}
