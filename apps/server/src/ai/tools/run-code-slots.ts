import { createHash } from "node:crypto";
import { getEnvironmentData, setEnvironmentData } from "node:worker_threads";

/**
 * The run-code tool's slots (run-code.ts): at most RUN_CODE_CONCURRENT runs at once in the whole
 * process, and at most one per person.
 */
export const RUN_CODE_CONCURRENT = 2;

/**
 * The slots are shared by every thread of the process (the main thread and the chat workers): a
 * SharedArrayBuffer handed to the threads started after this module loaded, through the
 * environment data worker threads inherit. Word 0 is a short lock (the time it lapses, 0: free);
 * slot i is the time its lease ends (0: free) and who holds it (a hash of the person, 0: nobody
 * in particular). A slot of a thread that died mid-run frees itself once no run could still be
 * going on, and so does a lock. Under the lock a run takes a free slot only when its person holds
 * none: one person cannot hold every slot while someone else waits.
 */
const SLOTS_KEY = "nexus:run-code-slots:v2";
const POLL_MS = 40;
const LOCK_MS = 1_000n;

function sharedSlots(concurrent: number): BigInt64Array {
  const inherited = getEnvironmentData(SLOTS_KEY);
  if (inherited instanceof SharedArrayBuffer) return new BigInt64Array(inherited);
  const buffer = new SharedArrayBuffer(8 * (1 + 2 * concurrent));
  setEnvironmentData(SLOTS_KEY, buffer);
  return new BigInt64Array(buffer);
}

const words = sharedSlots(RUN_CODE_CONCURRENT);
const SLOT_COUNT = (words.length - 1) / 2;
const leaseAt = (i: number) => 1 + 2 * i;
const ownerAt = (i: number) => 2 + 2 * i;

/** A person as the slots know them: 64 bits of a hash, never 0 (0: no one in particular). */
export function ownerHash(owner: string | undefined): bigint {
  if (!owner) return 0n;
  const hash = createHash("sha256").update(owner).digest().readBigInt64LE(0);
  return hash === 0n ? 1n : hash;
}

function locked<T>(body: (now: bigint) => T): T {
  for (;;) {
    const now = BigInt(Date.now());
    const held = Atomics.load(words, 0);
    if (
      (held === 0n || held <= now) &&
      Atomics.compareExchange(words, 0, held, now + LOCK_MS) === held
    )
      break;
  }
  try {
    return body(BigInt(Date.now()));
  } finally {
    Atomics.store(words, 0, 0n);
  }
}

type Take = { release: () => void } | "busy";

function tryTakeSlot(leaseMs: number, owner: bigint): Take {
  return locked((now) => {
    let free = -1;
    for (let i = 0; i < SLOT_COUNT; i++) {
      const live = Atomics.load(words, leaseAt(i)) > now;
      if (live && owner !== 0n && Atomics.load(words, ownerAt(i)) === owner) return "busy";
      if (!live && free < 0) free = i;
    }
    if (free < 0) return "busy";
    const lease = now + BigInt(leaseMs);
    Atomics.store(words, leaseAt(free), lease);
    Atomics.store(words, ownerAt(free), owner);
    const release = () =>
      locked(() => {
        if (Atomics.load(words, leaseAt(free)) !== lease) return;
        Atomics.store(words, leaseAt(free), 0n);
        Atomics.store(words, ownerAt(free), 0n);
      });
    return { release };
  });
}

/** How many runs hold a slot now, in the whole process (tests check the cap). */
export function runCodeSlotsInUse(): number {
  const now = BigInt(Date.now());
  let used = 0;
  for (let i = 0; i < SLOT_COUNT; i++) if (Atomics.load(words, leaseAt(i)) > now) used++;
  return used;
}

const aborted = (signal?: AbortSignal) => signal?.aborted === true;

/** A slot; "busy" when none came free for this person within `waitMs`; null when aborted. */
export async function takeSlot(options: {
  leaseMs: number;
  waitMs: number;
  owner: bigint;
  signal: AbortSignal | undefined;
}): Promise<(() => void) | "busy" | null> {
  const { signal } = options;
  const until = Date.now() + options.waitMs;
  for (;;) {
    if (aborted(signal)) return null;
    const taken = tryTakeSlot(options.leaseMs, options.owner);
    if (taken !== "busy") return taken.release;
    if (Date.now() >= until) return "busy";
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(POLL_MS, Math.max(1, until - Date.now())));
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
