import { createHash } from "node:crypto";
import { finished, Readable, Transform, type TransformCallback } from "node:stream";
import { FILE_NAME_MAX, hasControlCharacters, UNSUPPORTED_FILE_MESSAGE } from "@nexus/contracts";
import busboy from "busboy";
import type { Deps, SessionUser } from "../../deps.ts";
import { detectKind } from "../../integrations/document-text/detect.ts";
import { AppError } from "../../lib/errors.ts";
import { randomId } from "../../lib/ids.ts";
import { collectYoungGarbage } from "../../lib/young-garbage.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import { lockAndFindSameBytes } from "./files.dedupe.ts";
import { sendIngestion } from "./files.fair.ts";
import { INGEST_QUEUE, INGEST_RUN_KIND } from "./files.ingest.ts";
import * as repo from "./files.repo.ts";

/** Bytes of the file's start kept for magic-byte detection. */
const HEAD_BYTES = 8192;
/** Multipart framing around the file (boundaries, part headers) allowed beyond FILE_MAX_MB. */
const FRAMING_BYTES = 64 * 1024;

class TooLarge extends Error {}

/** Bytes received between two young-generation collections (lib/young-garbage.ts). */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * Passes bytes through, keeps the first HEAD_BYTES, and has the chunks already passed on collected
 * every COLLECT_EVERY_BYTES (else up to 32 MB of them wait for V8's own collection).
 */
class HeadTap extends Transform {
  private parts: Buffer[] = [];
  private kept = 0;
  private sinceCollection = 0;
  private readonly hash = createHash("sha256");
  head(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.parts));
  }
  /** SHA-256 (hex) of every byte passed (read once, at the end). */
  sha256(): string {
    return this.hash.digest("hex");
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    if (this.kept < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.kept);
      this.parts.push(Buffer.from(part));
      this.kept += part.length;
    }
    this.sinceCollection += chunk.length;
    if (this.sinceCollection >= COLLECT_EVERY_BYTES) {
      this.sinceCollection = 0;
      collectYoungGarbage();
    }
    done(null, chunk);
  }
}

export function maxUploadBytes(deps: Deps): number {
  return deps.env.FILE_MAX_MB * 1024 * 1024;
}

function tooLarge(deps: Deps): AppError {
  return new AppError("payload_too_large", `Files can be at most ${deps.env.FILE_MAX_MB} MB.`);
}

/** A display name: the uploaded name's last path segment, control characters dropped. */
function cleanName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const name = [...base]
    .filter((ch) => !hasControlCharacters(ch))
    .join("")
    .trim()
    .slice(0, FILE_NAME_MAX);
  return name || "Untitled";
}

interface Received {
  key: string;
  name: string;
  size: number;
  head: Uint8Array;
  sha256: string;
}

/**
 * Streams the one file of a multipart body straight to storage under a generated key (never the
 * whole file in memory): busboy → head tap → storage.put. Over FILE_MAX_MB the write is undone.
 */
async function receive(
  deps: Deps,
  user: SessionUser,
  request: Request,
  incoming: Readable | undefined,
): Promise<Received> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    throw new AppError("unsupported_media_type", "Send the file as multipart/form-data.");
  const max = maxUploadBytes(deps);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max + FRAMING_BYTES) throw tooLarge(deps);
  // The Node request itself when there is one: its body as a web stream would copy every chunk.
  const body =
    incoming ??
    (request.body
      ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
      : null);
  if (!body) throw new AppError("bad_request", "Choose a file to add.");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fileSize: max, fields: 10, parts: 11, fieldSize: 1024 },
    });
  } catch {
    throw new AppError("bad_request", "The upload is not valid multipart/form-data.");
  }
  const key = `u/${user.id}/${randomId(18)}`;
  return new Promise<Received>((resolve, reject) => {
    let stored: Promise<Received> | null = null;
    let failure: Error | null = null;
    parser.on("file", (_field, stream, info) => {
      if (stored) {
        stream.resume();
        return;
      }
      const tap = new HeadTap();
      // Storage attaches its own listeners (after an await): an early error must not go unheard.
      tap.on("error", () => undefined);
      stream.on("limit", () => {
        failure = tooLarge(deps);
        stream.unpipe(tap);
        tap.destroy(new TooLarge());
        stream.resume();
      });
      stream.on("error", (error: Error) => tap.destroy(error));
      stream.pipe(tap);
      stored = deps.storage.put(key, tap).then(
        (size) => ({
          key,
          name: cleanName(info.filename),
          size,
          head: tap.head(),
          sha256: tap.sha256(),
        }),
        async (error: unknown) => {
          await deps.storage.delete([key]).catch(() => undefined);
          throw failure ?? error;
        },
      );
      stored.catch(() => undefined);
    });
    // The answer waits for the stored object to be complete, or removed after a failure (a
    // refused upload leaves nothing behind, not even for a moment).
    const settle = () => {
      if (!stored) return reject(failure ?? new AppError("bad_request", "Choose a file to add."));
      stored.then(
        async (received) => {
          if (!failure) return resolve(received);
          await deps.storage.delete([key]).catch(() => undefined);
          reject(failure);
        },
        (error: unknown) => reject(failure ?? error),
      );
    };
    parser.on("error", () => {
      failure ??= new AppError("bad_request", "The upload is not valid multipart/form-data.");
      settle();
    });
    parser.on("close", settle);
    // A body that fails or stops short (the client went away) ends the parser, and with it the
    // file's stream: the partial object is removed.
    finished(body, (error) => {
      if (error) parser.destroy(error);
    });
    body.pipe(parser);
  });
}

/** An upload's outcome: the new file, or the person's file that already held the same bytes. */
export interface Uploaded {
  row: repo.FileRow;
  alreadyInFiles: boolean;
}

/**
 * POST /api/files: stream to storage (hashing the bytes), decide the type from the magic bytes,
 * charge addFiles, record the file and its run, and queue the ingestion job. Bytes the person
 * already has return that file: the new copy is removed, no row is added, nothing is counted.
 */
export async function uploadFile(options: {
  deps: Deps;
  user: SessionUser;
  request: Request;
  /** The Node.js request under `request` (@hono/node-server), read directly when given. */
  incoming?: Readable;
}): Promise<Uploaded> {
  const { deps, user } = options;
  const caller = { user, anonId: null, ip: "" };
  const queue = deps.jobs;
  if (!queue) throw new AppError("unavailable", "File uploads are not running on this server.");
  const before = await usage.check({ deps, caller, counter: "addFiles" });
  if (!before.allowed) throw limitReached(before.limit);
  const received = await receive(deps, user, options.request, options.incoming);
  const undo = () => deps.storage.delete([received.key]).catch(() => undefined);
  if (received.size === 0) {
    await undo();
    throw new AppError("bad_request", "This file is empty.");
  }
  const kind = detectKind(received.head, received.name);
  if (!kind) {
    await undo();
    throw new AppError("unsupported_media_type", UNSUPPORTED_FILE_MESSAGE);
  }
  const charged = await usage.consume({ deps, caller, counter: "addFiles" });
  if (!charged.allowed) {
    await undo();
    throw limitReached(charged.limit);
  }
  let row: repo.FileRow | null = null;
  try {
    const id = crypto.randomUUID();
    const outcome = await deps.db.transaction(async (tx) => {
      const same = await lockAndFindSameBytes(tx, user.id, received.sha256, {
        size: received.size,
        storage: deps.storage,
      });
      if (same) return { row: same, alreadyInFiles: true };
      const run = await runs.createRun(tx, {
        userId: user.id,
        kind: INGEST_RUN_KIND,
        subjectId: id,
      });
      const inserted = await repo.insertFile(tx, {
        id,
        userId: user.id,
        name: received.name,
        kind,
        size: received.size,
        storageKey: received.key,
        contentSha256: received.sha256,
        runId: run.id,
      });
      return { row: inserted, alreadyInFiles: false };
    });
    if (outcome.alreadyInFiles) {
      await usage.refund({ deps, caller, counter: "addFiles" });
      await undo();
      return outcome;
    }
    row = outcome.row;
    await runs.appendEvent(deps, {
      runId: row.runId,
      type: "uploaded",
      payload: { message: "Uploaded" },
    });
    await sendIngestion(deps, INGEST_QUEUE, { fileId: row.id }, user.id);
    return outcome;
  } catch (error) {
    const inserted = row;
    if (inserted)
      await deps.db
        .transaction(async (tx) => {
          await repo.remove(tx, user.id, inserted.id);
          await runs.deleteRun(tx, inserted.runId);
        })
        .catch(() => undefined);
    await usage.refund({ deps, caller, counter: "addFiles" });
    await undo();
    throw error;
  }
}

function limitReached(limit: number): AppError {
  return new AppError(
    "quota_exceeded",
    `You have added ${limit} files this month, the limit of your plan.`,
  );
}
