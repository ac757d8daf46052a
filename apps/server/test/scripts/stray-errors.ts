import { createLogger } from "../../src/lib/logger.ts";
import { guardProcess } from "../../src/lib/process-guards.ts";

/**
 * Run by process-guards.test.ts in a child process: installs the server's process guards, then
 * leaves a rejection unhandled and throws from a timer, both carrying a document's text and a
 * user id as a Drizzle error would. It should log both (redacted) and end on its own, exit code 0.
 */

const SECRET = process.env.STRAY_SECRET ?? "secret";
guardProcess(createLogger({ level: "info" }), "script");

const queryError = Object.assign(
  new Error(`Failed query: insert into "file_chunks"\nparams: ${SECRET}\u0000`),
  {
    query: 'insert into "file_chunks" ("content") values ($1)',
    params: [`${SECRET}\u0000`],
    cause: Object.assign(new Error("invalid byte sequence"), { code: "22021", severity: "ERROR" }),
  },
);
// Nobody awaits this promise (as pg-boss's fail() was not).
void Promise.reject(queryError);
setTimeout(() => {
  throw new Error(`timer failed for ${SECRET}`);
}, 0);
setTimeout(() => {
  process.stdout.write("still running\n");
}, 20);
