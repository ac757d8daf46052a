import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  freePort,
  makeTempDir,
  serverEnv,
  spawnServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";

/**
 * `npm start` on a port another process holds (a second Nexus): it says which port and what to do,
 * before the embedded PostgreSQL starts (none is left running behind the exit).
 */
const dataDir = makeTempDir("nexus-port-");
const holder = net.createServer();
afterAll(() => {
  holder.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a port already in use", () => {
  it("refuses to start with the port and the fix, and starts no PostgreSQL", async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    const server = spawnServer({ port, env: serverEnv({ DATA_DIR: dataDir }) });
    const error = await waitForHealth(server, { timeoutMs: 60_000 }).then(
      () => null,
      (e: unknown) => String(e),
    );
    expect(error).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(error).toContain("PORT");
    expect(server.exit()?.code).toBe(1);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  });
});
