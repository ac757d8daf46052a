import crypto from "node:crypto";
import net from "node:net";

/**
 * A minimal Chrome DevTools Protocol client for a Node process started with
 * `--inspect=127.0.0.1:<port>` (Node 20 has no WebSocket client built in: the WebSocket framing
 * is the few lines below). It forces a full garbage collection in the main thread and in every
 * worker thread (NodeWorker domain) and reads each isolate's heap, so a memory figure counts what
 * the server keeps, not garbage it has not collected yet. Bench only: the server itself has no
 * bench mode.
 */

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export interface IsolateHeap {
  /** "main" or the worker's title/url. */
  name: string;
  usedBytes: number;
  totalBytes: number;
}

export interface Inspector {
  /** Every isolate's heap as it is (no GC). */
  heaps: () => Promise<IsolateHeap[]>;
  /** Full GC (twice, so weak callbacks' garbage goes too) in every isolate, then their heaps. */
  collect: () => Promise<IsolateHeap[]>;
  /** A heap snapshot (JSON text) of the main thread (index 0) or the n-th worker. */
  snapshot: (isolate: number) => Promise<string>;
  close: () => void;
}

function frame(text: string): Buffer {
  const payload = Buffer.from(text, "utf8");
  const mask = crypto.randomBytes(4);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : length < 65536
        ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigLength(length)]);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, masked]);
}

function bigLength(length: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(length));
  return b;
}

/** Connects to the first inspector target on host:port. */
export async function connectInspector(port: number, host = "127.0.0.1"): Promise<Inspector> {
  const targets = (await (await fetch(`http://${host}:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const wsUrl = targets[0]?.webSocketDebuggerUrl;
  if (!wsUrl) throw new Error("no inspector target");
  const path = new URL(wsUrl).pathname;
  const socket = net.connect({ host, port });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const key = crypto.randomBytes(16).toString("base64");
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let fragments: Buffer[] = [];
  const waiting = new Map<number, (m: Message) => void>();
  const listeners = new Set<(m: Message) => void>();
  let upgradeDone: () => void = () => undefined;
  let upgradeFailed: (e: Error) => void = () => undefined;
  const upgrade = new Promise<void>((resolve, reject) => {
    upgradeDone = resolve;
    upgradeFailed = reject;
  });
  const dispatch = (text: string) => {
    const message = JSON.parse(text) as Message;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else for (const listener of listeners) listener(message);
  };
  socket.on("data", (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    if (!upgraded) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString("latin1");
      if (!head.startsWith("HTTP/1.1 101")) return upgradeFailed(new Error(head.split("\r\n")[0]));
      buffer = buffer.subarray(end + 4);
      upgraded = true;
      upgradeDone();
    }
    for (;;) {
      if (buffer.length < 2) return;
      const fin = ((buffer[0] ?? 0) & 0x80) !== 0;
      const opcode = (buffer[0] ?? 0) & 0x0f;
      let length = (buffer[1] ?? 0) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const payload = buffer.subarray(offset, offset + length);
      buffer = buffer.subarray(offset + length);
      if (opcode === 0x8) return socket.end();
      if (opcode !== 0x1 && opcode !== 0x0) continue; // pings etc.: not sent by Node's inspector
      fragments.push(Buffer.from(payload));
      if (fin) {
        const text = Buffer.concat(fragments).toString("utf8");
        fragments = [];
        dispatch(text);
      }
    }
  });
  await upgrade;

  let nextId = 1;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (m) => {
        waiting.delete(id);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result ?? {});
      });
      socket.write(frame(JSON.stringify({ id, method, params })));
    });

  // Worker sessions: each attached worker answers through NodeWorker.receivedMessageFromWorker.
  const workers = new Map<string, string>();
  const workerWaiting = new Map<string, (m: Message) => void>();
  let snapshotChunks: string[] = [];
  const onChunk = (m: Message) => {
    if (m.method === "HeapProfiler.addHeapSnapshotChunk")
      snapshotChunks.push(String((m.params as { chunk: string }).chunk));
  };
  listeners.add(onChunk);
  listeners.add((m) => {
    if (m.method === "NodeWorker.attachedToWorker") {
      const p = m.params as { sessionId: string; workerInfo: { title?: string; url?: string } };
      workers.set(p.sessionId, p.workerInfo.title || p.workerInfo.url || p.sessionId);
    } else if (m.method === "NodeWorker.detachedFromWorker") {
      workers.delete((m.params as { sessionId: string }).sessionId);
    } else if (m.method === "NodeWorker.receivedMessageFromWorker") {
      const p = m.params as { sessionId: string; message: string };
      const inner = JSON.parse(p.message) as Message;
      if (inner.id !== undefined) workerWaiting.get(`${p.sessionId}:${inner.id}`)?.(inner);
      else onChunk(inner);
    }
  });
  await call("NodeWorker.enable", { waitForDebuggerOnStart: false });
  // Attach events for the running workers arrive right after enable.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const callWorker = (sessionId: string, method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      const key = `${sessionId}:${id}`;
      workerWaiting.set(key, (m) => {
        workerWaiting.delete(key);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result ?? {});
      });
      void call("NodeWorker.sendMessageToWorker", {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      }).catch(reject);
    });

  const heapOf = (result: Record<string, unknown>) => ({
    usedBytes: Number(result.usedSize ?? 0),
    totalBytes: Number(result.totalSize ?? 0),
  });

  const heaps = async () => {
    const out: IsolateHeap[] = [{ name: "main", ...heapOf(await call("Runtime.getHeapUsage")) }];
    for (const [sessionId, name] of workers)
      out.push({ name, ...heapOf(await callWorker(sessionId, "Runtime.getHeapUsage")) });
    return out;
  };
  return {
    heaps,
    collect: async () => {
      for (let round = 0; round < 2; round++) {
        await call("HeapProfiler.collectGarbage");
        for (const sessionId of workers.keys())
          await callWorker(sessionId, "HeapProfiler.collectGarbage");
      }
      return heaps();
    },
    snapshot: async (isolate) => {
      snapshotChunks = [];
      const sessionId = [...workers.keys()][isolate - 1];
      if (isolate === 0) await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      else if (sessionId)
        await callWorker(sessionId, "HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      else throw new Error(`no isolate ${isolate}`);
      const text = snapshotChunks.join("");
      snapshotChunks = [];
      return text;
    },
    close: () => socket.destroy(),
  };
}
