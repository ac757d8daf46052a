import pino from "pino";
import { isErrorLike, safeError, withSafeErrors } from "./safe-error.ts";

export type Logger = pino.Logger;

function isFields(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * JSON logs to stdout (or `destination`, e.g. a test's capture). Cookies and tokens are redacted
 * wherever they would appear, and every Error logged goes through `safeError`: its type and codes,
 * never its message's data, SQL parameters, request bodies or stack paths.
 */
export function createLogger(options: {
  level: string;
  pretty?: boolean;
  destination?: pino.DestinationStream;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: undefined,
    redact: {
      paths: ["token", "*.token", "cookie", "*.cookie", "headers.cookie", "password", "*.password"],
      censor: "[redacted]",
    },
    // One place for every logged error, child-logger bindings too: an Error or a plain copy of one
    // (its SQL parameters, message and stack) is only ever written as its safeError summary.
    serializers: { err: (value: unknown) => (isErrorLike(value) ? safeError(value) : value) },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args;
        if (isErrorLike(first)) {
          const fields = { err: safeError(first) };
          const [msg, ...more] = rest;
          return method.apply(this, [fields, typeof msg === "string" ? msg : "error", ...more]);
        }
        if (isFields(first)) return method.apply(this, [withSafeErrors(first), ...rest]);
        return method.apply(this, args);
      },
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
