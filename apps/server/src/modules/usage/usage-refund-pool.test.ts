import { createDatabase } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { Caller, SessionUser } from "../../deps.ts";
import * as usage from "./usage.service.ts";

/**
 * A refund is not lost to a busy connection pool (seen under 1,000 chats at once: the pool's
 * wait for a free connection timed out and the unit stayed charged). Waiting for a connection is
 * tried again; no statement was sent before, so the unit is given back once.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("a refund on a busy pool", () => {
  it("waits for a free connection again and gives the unit back exactly once", async () => {
    const { userId } = await h.signIn("refund-pool@acme.com");
    const caller: Caller = {
      user: { id: userId, tier: "free" } as SessionUser,
      anonId: null,
      ip: "::1",
    };
    await usage.consume({ deps: h.deps, caller, counter: "search", amount: 2 });
    // One connection, and a short wait for it: the refund's first wait runs out while it is held.
    const busy = createDatabase({ url: h.db.url, max: 1, connectionTimeoutMillis: 150 });
    try {
      const held = await busy.pool.connect();
      // The pool is watched, not changed: the held connection is given back as the refund asks
      // for one a second time (its first wait having run out).
      const connect = busy.pool.connect.bind(busy.pool) as (...args: unknown[]) => unknown;
      let asked = 0;
      Object.assign(busy.pool, {
        connect: (...args: unknown[]) => {
          if (args.length > 0) return connect(...args); // pool.query's own connect
          asked++;
          if (asked === 2) held.release();
          return connect();
        },
      });
      const refunded = usage.refund({
        deps: { ...h.deps, db: busy.db },
        caller,
        counter: "search",
      });
      await refunded.finally(() => {
        if (asked < 2) held.release(); // no second wait: the pool can close
      });
      expect(asked).toBe(2);
    } finally {
      await busy.close();
    }
    const after = await usage.check({ deps: h.deps, caller, counter: "search" });
    expect(after.current).toBe(1);
  });
});
