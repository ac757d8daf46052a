import fs from "node:fs";
import path from "node:path";
import { runningEmbeddedUrl } from "@nexus/db";
import pg from "pg";
import { REPO_ROOT, type ServerProcess } from "../../e2e/support/server-process.ts";

/** What the server process and its PostgreSQL use while a benchmark runs (/proc, pg_stat_activity). */

function readKb(file: string, field: string): number {
  try {
    const text = fs.readFileSync(file, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text);
    return match?.[1] ? Number(match[1]) : 0;
  } catch {
    return 0; // the process is gone
  }
}

/** Every descendant of pid (the embedded PostgreSQL postmaster and its backends). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

export interface MemoryPeaks {
  /** The server's Node process, VmRSS. */
  serverKb: number;
  /** Its PostgreSQL processes, VmRSS summed (counts shared buffers once per process). */
  pgRssKb: number;
  /** Its PostgreSQL processes, Pss summed (shared pages split between them: the fair total). */
  pgPssKb: number;
  pgProcesses: number;
  samples: number;
}

/** Samples the server's and its PostgreSQL's memory every intervalMs; stop() gives the peaks. */
export function sampleMemory(pid: number, intervalMs = 100): { stop: () => MemoryPeaks } {
  const peaks: MemoryPeaks = { serverKb: 0, pgRssKb: 0, pgPssKb: 0, pgProcesses: 0, samples: 0 };
  let pgPids = descendants(pid);
  let tick = 0;
  const sample = () => {
    if (tick++ % 10 === 0) pgPids = descendants(pid);
    peaks.serverKb = Math.max(peaks.serverKb, readKb(`/proc/${pid}/status`, "VmRSS"));
    let rss = 0;
    let pss = 0;
    for (const p of pgPids) {
      rss += readKb(`/proc/${p}/status`, "VmRSS");
      pss += readKb(`/proc/${p}/smaps_rollup`, "Pss");
    }
    peaks.pgRssKb = Math.max(peaks.pgRssKb, rss);
    peaks.pgPssKb = Math.max(peaks.pgPssKb, pss);
    peaks.pgProcesses = Math.max(peaks.pgProcesses, pgPids.length);
    peaks.samples++;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

export interface DbActivity {
  /** Most server connections seen at once (the pool's max is 20). */
  maxConnections: number;
  /** Most of them busy at once (active or idle in a transaction). */
  maxBusy: number;
  /** Samples where every open connection was busy and the pool was at its max. */
  saturatedSamples: number;
  /** Most backends waiting on a lock at once (row locks on the usage counters). */
  maxLockWaits: number;
  samples: number;
  /** Busy backends per wait event (`type:event`, or `cpu` when not waiting), summed over samples. */
  waits: Record<string, number>;
  /** synchronous_commit, fsync, shared_buffers and max_connections of the cluster. */
  settings: string;
}

/**
 * Samples pg_stat_activity of the server's embedded PostgreSQL (our own connection excluded):
 * shows whether the server's pool is exhausted, i.e. whether requests queue for a connection.
 */
export async function sampleDbActivity(
  dataDir: string,
  poolMax: number,
  intervalMs = 100,
): Promise<{ stop: () => Promise<DbActivity> }> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error("no running embedded PostgreSQL");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const activity: DbActivity = {
    maxConnections: 0,
    maxBusy: 0,
    saturatedSamples: 0,
    maxLockWaits: 0,
    samples: 0,
    waits: {},
    settings: "",
  };
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
      where name in ('synchronous_commit', 'fsync', 'shared_buffers', 'max_connections', 'commit_delay')
      order by name`,
  );
  activity.settings = settings.rows
    .map((r) => `${r.name}=${r.setting}${r.unit ? ` (${r.unit})` : ""}`)
    .join(", ");
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ total: string; busy: string; locks: string }>(
        `select count(*) as total,
                count(*) filter (where state in ('active', 'idle in transaction')) as busy,
                count(*) filter (where wait_event_type = 'Lock') as locks
           from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and datname = current_database()`,
      );
      const waits = await client.query<{ wait: string; n: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, count(*) as n
           from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and datname = current_database() and state in ('active', 'idle in transaction')
          group by 1`,
      );
      for (const w of waits.rows)
        activity.waits[w.wait] = (activity.waits[w.wait] ?? 0) + Number(w.n);
      const row = rows[0];
      if (row) {
        const total = Number(row.total);
        const busy = Number(row.busy);
        activity.maxConnections = Math.max(activity.maxConnections, total);
        activity.maxBusy = Math.max(activity.maxBusy, busy);
        activity.maxLockWaits = Math.max(activity.maxLockWaits, Number(row.locks));
        if (total >= poolMax && busy >= poolMax) activity.saturatedSamples++;
        activity.samples++;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch(() => undefined);
      await client.end();
      return activity;
    },
  };
}

/** The server's database pool size (apps/server/src/main.ts createDatabase max). */
export function serverPoolMax(): number {
  const main = fs.readFileSync(path.join(REPO_ROOT, "apps/server/src/main.ts"), "utf8");
  const match = /createDatabase\(\{\s*url,\s*max:\s*(\d+)/.exec(main);
  return match?.[1] ? Number(match[1]) : 10;
}

/** The server's error-level log lines after `fromOffset` of its output, by message, counted. */
export function serverLogErrors(server: ServerProcess, fromOffset: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of server.output().slice(fromOffset).split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) < 40) continue;
      const key = `${entry.msg ?? "?"}${entry.err?.message ? `: ${entry.err.message}` : ""}`.slice(
        0,
        200,
      );
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  return counts;
}

/** CPU time (user + system, ms) used so far by pid, and by its descendants (PostgreSQL). */
export function cpuMs(pid: number): { server: number; pg: number } {
  const ticks = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return 0;
    }
  };
  const perTick = 1000 / 100; // USER_HZ is 100 on Linux
  return {
    server: ticks(pid) * perTick,
    pg: descendants(pid).reduce((sum, p) => sum + ticks(p), 0) * perTick,
  };
}

/** VmRSS of pid in kB (0 when it is gone). */
export function rssKb(pid: number): number {
  return readKb(`/proc/${pid}/status`, "VmRSS");
}

/**
 * CPU time (user + system, ms) of each live thread of pid, by thread id, with its name: the main
 * thread's id is pid; a worker thread shows as another `node` thread (V8's and libuv's helpers
 * have their own names). /proc/<pid>/stat (cpuMs) sums them all, exited threads included.
 */
export function threadCpuMs(pid: number): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}
