import net from "node:net";
import { createDatabase, isConnectFailure, retryConnectFailure, schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import * as history from "./history.service.ts";

// Saving a turn the person has already read, when the pool cannot open a connection in time (the
// 1,000-chat bench on a saturated machine: "Connection terminated due to connection timeout").
// The database is reached through a TCP proxy on 127.0.0.1 that swallows its first `silent`
// connections without a byte, the way an overloaded server looks to node-postgres.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function silentThenForward(target: string, silent: number) {
  const { hostname, port } = new URL(target);
  let seen = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    seen += 1;
    if (seen <= silent) return;
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    connections: () => seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function user(email: string): Promise<SessionUser> {
  const { userId } = await h.signIn(email);
  const [row] = await h.db.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!row) throw new Error("no user");
  return { ...row, tier: "free" } as unknown as SessionUser;
}

const turn = (id: string, userId: string) => ({
  id,
  userId,
  threadId: id,
  timestamp: new Date(),
  query: "Why is the sky blue?",
  results: { markdown: "Rayleigh scattering." },
});

describe("saveTurn when a connection cannot be opened", () => {
  it("tries again and saves the turn once", async () => {
    const proxy = await silentThenForward(h.db.url, 2);
    const slow = createDatabase({ url: proxy.url, max: 2, connectionTimeoutMillis: 200 });
    try {
      const person = await user("save-retry@acme.com");
      await history.saveTurn({
        deps: { ...h.deps, db: slow.db },
        user: person,
        turn: turn("retry-saved", person.id),
      });
      const rows = await h.db.db
        .select({ id: schema.searchHistory.id })
        .from(schema.searchHistory)
        .where(eq(schema.searchHistory.userId, person.id));
      expect(rows.map((r) => r.id)).toEqual(["retry-saved"]);
      expect(proxy.connections()).toBe(3);
    } finally {
      await slow.close();
      await proxy.close();
    }
  });

  it("gives up after three attempts with the connection error, and saves nothing", async () => {
    const proxy = await silentThenForward(h.db.url, 3);
    const slow = createDatabase({ url: proxy.url, max: 2, connectionTimeoutMillis: 200 });
    try {
      const person = await user("save-retry-gives-up@acme.com");
      const failed = await history
        .saveTurn({
          deps: { ...h.deps, db: slow.db },
          user: person,
          turn: turn("retry-lost", person.id),
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isConnectFailure(failed)).toBe(true);
      expect(proxy.connections()).toBe(3);
      const rows = await h.db.db
        .select({ id: schema.searchHistory.id })
        .from(schema.searchHistory)
        .where(eq(schema.searchHistory.userId, person.id));
      expect(rows).toEqual([]);
    } finally {
      await slow.close();
      await proxy.close();
    }
  });

  it("does not retry an error of the statement itself", async () => {
    const person = await user("save-retry-bad@acme.com");
    await history.saveTurn({ deps: h.deps, user: person, turn: turn("retry-dup", person.id) });
    // The same id again: a primary-key violation, which must not be run again.
    let attempts = 0;
    const failed = await retryConnectFailure(async () => {
      attempts += 1;
      await history.saveTurn({ deps: h.deps, user: person, turn: turn("retry-dup", person.id) });
    }, [0, 0]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(isConnectFailure(failed)).toBe(false);
    expect(attempts).toBe(1);
  });
});
