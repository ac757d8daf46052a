import { APICallError } from "@ai-sdk/provider";
import type { GenerateImageToolOutput } from "@nexus/contracts";
import { generateImage, NoImageGeneratedError, tool } from "ai";
import { z } from "zod";
import { imageTypeOf } from "../../lib/image-type.ts";
import { ModelTimeoutError } from "../model-fetch.ts";
import { type ToolContext, toolSignal } from "./tool-context.ts";

/** Budgets of one image: time for the model to make it, and images per turn. */
export const GENERATE_IMAGE_LIMITS = { ms: 60_000, perTurn: 2 };

export const IMAGE_SIZES = ["1024x1024", "1024x1792", "1792x1024"] as const;

export const NO_IMAGE_MODEL =
  "This server has no image model: the administrator sets IMAGE_MODEL (an images model on the LLM_BASE_URL server).";

/** Images started in one turn (each turn's tools are made for it: generateImageTool). */
export interface ImagesInTurn {
  started: number;
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
  turn: ImagesInTurn,
): Promise<GenerateImageToolOutput> {
  const model = ctx.deps.models.imageModel;
  if (!model) throw new Error(NO_IMAGE_MODEL);
  const user = ctx.caller.user;
  if (!user) throw new Error("Sign in to generate images: they are saved to your files.");
  const saveImage = ctx.saveImage;
  if (!saveImage) throw new Error("Images cannot be saved in this chat.");
  if (turn.started >= GENERATE_IMAGE_LIMITS.perTurn)
    throw new Error(
      `Not generated: one reply makes at most ${GENERATE_IMAGE_LIMITS.perTurn} images. Show these, and the person can ask for more in the next message.`,
    );
  turn.started++;
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
    const images: GenerateImageToolOutput["images"] = [];
    for (const file of result.images.slice(0, 1)) {
      const bytes = file.uint8Array;
      const type = imageTypeOf(bytes);
      if (!type) throw new Error("The image model sent something that is not an image.");
      // The files module keeps it (its size limit, storage and rows: one writer per table).
      images.push(await saveImage(user, { bytes, type, prompt: input.prompt }));
    }
    if (images.length === 0)
      throw new Error("The image model sent no image. Try again, perhaps with another prompt.");
    return { images, prompt: input.prompt };
  } catch (error) {
    // A call that made nothing does not count against the turn's images.
    turn.started--;
    throw error;
  }
}

/** Its input (one schema for every turn: toolsFor converts it for the model once). */
const GENERATE_IMAGE_INPUT = z.object({
  prompt: z.string().trim().min(1).max(1000),
  size: z.enum(IMAGE_SIZES).optional(),
});

/** The generate-image tool (ai/tools, ARCHITECTURE.md §3.1). */
export function generateImageTool(ctx: ToolContext) {
  const turn: ImagesInTurn = { started: 0 };
  return tool({
    description:
      "Generate one image from a detailed visual prompt (in English) with the server's image " +
      `model. At most ${GENERATE_IMAGE_LIMITS.perTurn} images per reply. The image is saved to ` +
      "the person's files and shown to them with the tool result; do not repeat its url.",
    inputSchema: GENERATE_IMAGE_INPUT,
    execute: async (input) => generateImageFor(ctx, input, turn),
  });
}
