import { Readable } from "node:stream";
import { APICallError } from "@ai-sdk/provider";
import {
  FILE_NAME_MAX,
  type GenerateImageToolOutput,
  hasControlCharacters,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { generateImage, NoImageGeneratedError, tool } from "ai";
import { z } from "zod";
import type { SessionUser } from "../../deps.ts";
import { appendRunEvent } from "../../jobs/run-events.ts";
import { randomId } from "../../lib/ids.ts";
import { maxUploadBytes } from "../../modules/files/files.upload.ts";
import { ModelTimeoutError } from "../model-fetch.ts";
import { type ToolContext, toolSignal } from "./tool-context.ts";

/** Budgets of one image: time for the model to make it, and images per turn. */
export const GENERATE_IMAGE_LIMITS = { ms: 60_000, perTurn: 2 };

export const IMAGE_SIZES = ["1024x1024", "1024x1792", "1792x1024"] as const;

export const NO_IMAGE_MODEL =
  "This server has no image model: the administrator sets IMAGE_MODEL (an images model on the LLM_BASE_URL server).";

/** Images started in each turn (keyed by the turn's tool context, which lives as long as it). */
const startedInTurn = new WeakMap<ToolContext, number>();

export interface ImageType {
  /** The files row's kind. */
  kind: string;
  mediaType: string;
  extension: string;
  width?: number;
  height?: number;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG: the first start-of-frame segment holds the height and width. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/** The image's type (and size when its header says) from its magic bytes; null if not an image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, ...ascii("PNG\r\n\x1a\n")])) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sized = bytes.length >= 24 && startsWith(bytes, ascii("IHDR"), 12);
    return {
      kind: "png",
      mediaType: "image/png",
      extension: "png",
      ...(sized ? { width: view.getUint32(16), height: view.getUint32(20) } : {}),
    };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: "jpeg", mediaType: "image/jpeg", extension: "jpg", ...jpegSize(bytes) };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { kind: "webp", mediaType: "image/webp", extension: "webp" };
  if (startsWith(bytes, ascii("GIF8")))
    return { kind: "gif", mediaType: "image/gif", extension: "gif" };
  return null;
}

/** A file name from the prompt: its first words, control characters and slashes dropped. */
export function imageFileName(prompt: string, extension: string): string {
  const clean = [...prompt]
    .filter((ch) => !hasControlCharacters(ch))
    .join("")
    .replace(/[/\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  let base = clean.slice(0, 60).trim();
  if (clean.length > 60) base = base.replace(/\s+\S*$/, "") || base;
  return `${base || "Generated image"}.${extension}`.slice(-FILE_NAME_MAX);
}

/**
 * Saves one generated image as a file of the person: the object under their storage prefix, and a
 * files row that is ready at once (an image has no text to read, so no ingestion job), with its
 * run ended by a `ready` event. Not charged against addFiles.
 */
export async function saveGeneratedImage(
  ctx: ToolContext,
  user: SessionUser,
  image: { bytes: Uint8Array; type: ImageType; prompt: string },
): Promise<GenerateImageToolOutput["images"][number]> {
  const { deps } = ctx;
  const key = `u/${user.id}/${randomId(18)}`;
  const size = await deps.storage.put(key, Readable.from([Buffer.from(image.bytes)]));
  const id = crypto.randomUUID();
  const runId = crypto.randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(schema.runs)
        .values({ id: runId, userId: user.id, kind: "ingest", subjectId: id });
      await tx.insert(schema.files).values({
        id,
        userId: user.id,
        name: imageFileName(image.prompt, image.type.extension),
        kind: image.type.kind,
        size,
        storageKey: key,
        status: "ready",
        pages: 1,
        chars: 0,
        runId,
      });
    });
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    throw error;
  }
  await appendRunEvent(deps.db, {
    runId,
    type: "ready",
    payload: { message: "Generated by the image model" },
  }).catch((err: unknown) => deps.logger.warn({ err }, "generated image: run event failed"));
  return {
    fileId: id,
    url: `/api/files/${id}/download`,
    mediaType: image.type.mediaType,
    ...(image.type.width !== undefined ? { width: image.type.width } : {}),
    ...(image.type.height !== undefined ? { height: image.type.height } : {}),
  };
}

/** What the person reads when the image model fails. */
function failure(error: unknown, timedOut: boolean): Error {
  if (timedOut || error instanceof ModelTimeoutError)
    return new Error(
      `The image model took longer than ${GENERATE_IMAGE_LIMITS.ms / 1000} seconds and was stopped. Try again, perhaps with a simpler prompt.`,
    );
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      const why = error.message.replace(/\s+/g, " ").trim().slice(0, 300);
      return new Error(
        `The image model refused this prompt (HTTP ${status})${why ? `: ${why}` : ""}. Rephrase it and try again.`,
      );
    }
    return new Error(
      `The image model failed${status ? ` (HTTP ${status})` : ""}. Try again in a moment.`,
    );
  }
  if (NoImageGeneratedError.isInstance(error))
    return new Error("The image model sent no image. Try again, perhaps with another prompt.");
  return new Error("The image model could not be reached. Try again in a moment.");
}

/**
 * Makes one image with IMAGE_MODEL and saves it as a file of the caller (at most
 * GENERATE_IMAGE_LIMITS.perTurn per turn). Failures are thrown as messages for the person.
 */
export async function generateImageFor(
  ctx: ToolContext,
  input: { prompt: string; size?: (typeof IMAGE_SIZES)[number] | undefined },
): Promise<GenerateImageToolOutput> {
  const model = ctx.deps.models.imageModel;
  if (!model) throw new Error(NO_IMAGE_MODEL);
  const user = ctx.caller.user;
  if (!user) throw new Error("Sign in to generate images: they are saved to your files.");
  const started = startedInTurn.get(ctx) ?? 0;
  if (started >= GENERATE_IMAGE_LIMITS.perTurn)
    throw new Error(
      `Not generated: one reply makes at most ${GENERATE_IMAGE_LIMITS.perTurn} images. Show these, and the person can ask for more in the next message.`,
    );
  startedInTurn.set(ctx, started + 1);
  try {
    const signal = toolSignal(ctx.signal, GENERATE_IMAGE_LIMITS.ms);
    let result: Awaited<ReturnType<typeof generateImage>>;
    try {
      result = await generateImage({
        model,
        prompt: input.prompt,
        n: 1,
        ...(input.size ? { size: input.size } : {}),
        // model-fetch.ts retries before any answer; the SDK must not multiply the attempts.
        maxRetries: 0,
        abortSignal: signal,
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      throw failure(error, signal.aborted);
    }
    const max = maxUploadBytes(ctx.deps);
    const images: GenerateImageToolOutput["images"] = [];
    for (const file of result.images.slice(0, 1)) {
      const bytes = file.uint8Array;
      const type = imageTypeOf(bytes);
      if (!type) throw new Error("The image model sent something that is not an image.");
      if (bytes.length > max) throw new Error("The image model sent an image too large to keep.");
      images.push(await saveGeneratedImage(ctx, user, { bytes, type, prompt: input.prompt }));
    }
    if (images.length === 0)
      throw new Error("The image model sent no image. Try again, perhaps with another prompt.");
    return { images, prompt: input.prompt };
  } catch (error) {
    // A call that made nothing does not count against the turn's images.
    startedInTurn.set(ctx, (startedInTurn.get(ctx) ?? 1) - 1);
    throw error;
  }
}

/** The generate-image tool (ai/tools, ARCHITECTURE.md §3.1). */
export function generateImageTool(ctx: ToolContext) {
  return tool({
    description:
      "Generate one image from a detailed visual prompt (in English) with the server's image " +
      `model. At most ${GENERATE_IMAGE_LIMITS.perTurn} images per reply. The image is saved to ` +
      "the person's files and shown to them with the tool result; do not repeat its url.",
    inputSchema: z.object({
      prompt: z.string().trim().min(1).max(1000),
      size: z.enum(IMAGE_SIZES).optional(),
    }),
    execute: async (input) => generateImageFor(ctx, input),
  });
}
