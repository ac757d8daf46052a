import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";

/**
 * Lag-tolerant reads over PostgreSQL streaming replicas (DATABASE_REPLICA_URLS).
 *
 * - `pick({ minLsn })` returns a replica's Db when one is healthy, lags at most `maxLagSeconds`
 *   and (read-your-writes) has replayed at least `minLsn`; otherwise the primary's Db.
 * - Health, lag and replay LSN are checked in the background every `healthIntervalMs`, never per
 *   query; a read that needs a newer replay LSN than the cached one refreshes it at most every
 *   `lsnCacheMs` (and goes to the primary meanwhile).
 * - A replica query that fails to connect marks that replica down and is retried on the primary,
 *   so a replica that dies between two checks costs no failed read.
 */
export interface ReadReplicas {
  /** The Db a lag-tolerant read uses. `minLsn`: the caller's last write ("pin": primary). */
  pick: (options?: { minLsn?: string | null }) => Db;
  /** Checks every replica now (tests, start-up). */
  checkNow: () => Promise<void>;
  /** Reads served per target since start: `primary` and each replica's index. */
  counts: () => { primary: number; replicas: number[] };
  /** The primary's current WAL position (after a write commits), as `pg_lsn` text. */
  currentLsn: () => Promise<string>;
  close: () => Promise<void>;
}

interface ReplicaState {
  db: Db;
  pool: pg.Pool;
  up: boolean;
  lagSeconds: number;
  replayLsn: bigint;
  checkedAt: number;
  checking: Promise<void> | null;
  reads: number;
}

/** `16/B374D848` → a comparable number; null for anything else. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? "");
  if (!match?.[1] || !match[2]) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Errors that mean "this server is unreachable", not "this query is wrong". */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03")
      return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"].includes(code))
      return true;
  }
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;

/**
 * A replica pool whose failed connection falls back to the primary (drizzle calls
 * `pool.query(config, values)` for every statement outside a transaction).
 */
function fallbackPool(options: {
  url: string;
  max: number;
  primary: pg.Pool;
  onDown: () => void;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 2_000,
  });
  pool.on("error", () => undefined);
  const replicaQuery = pool.query.bind(pool) as unknown as QueryFn;
  const primaryQuery = options.primary.query.bind(options.primary) as unknown as QueryFn;
  const query: QueryFn = async (config, values) => {
    try {
      return await replicaQuery(config, values);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      options.onDown();
      return primaryQuery(config, values);
    }
  };
  Object.defineProperty(pool, "query", { value: query });
  return pool;
}

const STATE_SQL = `select pg_is_in_recovery() as in_recovery,
  coalesce(pg_last_wal_replay_lsn(), '0/0')::text as replay_lsn,
  case when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
    then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
  end::float8 as lag_seconds`;

export function createReadReplicas(options: {
  primary: Db;
  urls: string[];
  maxLagSeconds?: number;
  healthIntervalMs?: number;
  lsnCacheMs?: number;
  poolMax?: number;
  now?: () => number;
}): ReadReplicas {
  const maxLag = options.maxLagSeconds ?? 10;
  const healthInterval = options.healthIntervalMs ?? 2_000;
  const lsnCache = options.lsnCacheMs ?? 100;
  const now = options.now ?? Date.now;
  const primaryPool = options.primary.$client;
  let primaryReads = 0;
  let next = 0;

  const replicas: ReplicaState[] = options.urls.map((url) => {
    const state = {} as ReplicaState;
    const pool = fallbackPool({
      url,
      max: options.poolMax ?? 10,
      primary: primaryPool,
      onDown: () => {
        state.up = false;
      },
    });
    Object.assign(state, {
      pool,
      db: drizzle({ client: pool, schema, casing: "snake_case" }) as Db,
      up: false,
      lagSeconds: Number.POSITIVE_INFINITY,
      replayLsn: 0n,
      checkedAt: 0,
      checking: null,
      reads: 0,
    });
    return state;
  });

  const check = (replica: ReplicaState): Promise<void> => {
    if (replica.checking) return replica.checking;
    replica.checking = (async () => {
      // A plain client, not the fallback query: a down replica must read as down.
      const client = new pg.Client({
        connectionString: (replica.pool.options as { connectionString?: string }).connectionString,
        connectionTimeoutMillis: 2_000,
        query_timeout: 2_000,
      });
      client.on("error", () => undefined);
      try {
        await client.connect();
        const result = await client.query<{
          in_recovery: boolean;
          replay_lsn: string;
          lag_seconds: number;
        }>(STATE_SQL);
        const row = result.rows[0];
        replica.up = row !== undefined;
        replica.replayLsn = parseLsn(row?.replay_lsn) ?? 0n;
        replica.lagSeconds = row ? Number(row.lag_seconds) : Number.POSITIVE_INFINITY;
      } catch {
        replica.up = false;
      } finally {
        replica.checkedAt = now();
        replica.checking = null;
        await client.end().catch(() => undefined);
      }
    })();
    return replica.checking;
  };

  const timer =
    replicas.length > 0
      ? setInterval(() => {
          for (const replica of replicas) void check(replica);
        }, healthInterval)
      : null;
  timer?.unref();
  for (const replica of replicas) void check(replica);

  const pick: ReadReplicas["pick"] = (pickOptions) => {
    const minLsnText = pickOptions?.minLsn ?? null;
    const minLsn = minLsnText === null ? 0n : parseLsn(minLsnText);
    // "pin" (a streamed write whose commit came after its headers) or anything unreadable.
    if (minLsn === null) {
      primaryReads++;
      return options.primary;
    }
    for (let i = 0; i < replicas.length; i++) {
      const index = (next + i) % replicas.length;
      const replica = replicas[index];
      if (!replica?.up || replica.lagSeconds > maxLag) continue;
      if (replica.replayLsn < minLsn) {
        if (now() - replica.checkedAt >= lsnCache) void check(replica);
        continue;
      }
      next = index + 1;
      replica.reads++;
      return replica.db;
    }
    primaryReads++;
    return options.primary;
  };

  return {
    pick,
    checkNow: async () => {
      await Promise.all(replicas.map((replica) => check(replica)));
    },
    counts: () => ({ primary: primaryReads, replicas: replicas.map((r) => r.reads) }),
    currentLsn: async () => {
      const result = await primaryPool.query<{ lsn: string }>(
        "select pg_current_wal_lsn()::text as lsn",
      );
      return result.rows[0]?.lsn ?? "0/0";
    },
    close: async () => {
      if (timer) clearInterval(timer);
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}
