import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 23, point 1 (and G15): an unhandled rejection or an uncaught exception is logged through
 * the redacting logger and does not end the process; nothing of a document or a user is printed.
 * A real child process (Node's own handling is what is under test), running the guards main.ts
 * installs.
 */

const SCRIPT = fileURLToPath(new URL("../../test/scripts/stray-errors.ts", import.meta.url));
const SECRET = "Dear diary, the night crossing (user 7f3a-private)";

describe("process guards", () => {
  it("log a stray rejection and an uncaught exception, redacted, and keep the process up", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", SCRIPT], {
      env: { ...process.env, STRAY_SECRET: SECRET },
      encoding: "utf8",
      timeout: 60_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("still running");
    const lines = run.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map(
        (l) => JSON.parse(l) as { msg: string; err?: { type?: string; cause?: { code?: string } } },
      );
    const rejection = lines.find((l) => l.msg.startsWith("unhandled promise rejection"));
    expect(rejection?.err?.cause?.code).toBe("22021");
    expect(rejection?.err).toMatchObject({ statement: "insert file_chunks" });
    expect(lines.some((l) => l.msg.startsWith("uncaught exception"))).toBe(true);
    expect(output).not.toContain("diary");
    expect(output).not.toContain("7f3a");
    expect(output).not.toContain("\\u0000");
  });
});
