import type { GenerateImageToolOutput } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_PNG,
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { EnvError, parseEnv } from "../../env.ts";
import { imageTypeOf } from "../../lib/image-type.ts";
import { type Chunk, parseStream, partOf, textOf } from "../../modules/answer/answer-test-kit.ts";
import { imageFileName } from "../../modules/files/files.service.ts";
import { GENERATE_IMAGE_LIMITS, IMAGE_SIZES, NO_IMAGE_MODEL } from "./generate-image.ts";

/**
 * The image-generator agent's generate-image tool against the fake OpenAI-compatible server's
 * /v1/images/generations: the image is saved as a file of the person who asked.
 */

let h: Harness;
let noImages: Harness;
let llm: FakeOpenAIServer;
let replies: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? (replies.shift() ?? { kind: "echo" }) : { kind: "echo" },
  });
  h = await createHarness({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
    IMAGE_MODEL: "fake-image-model",
  });
  noImages = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" });
});
afterAll(async () => {
  await h?.close();
  await noImages?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.reset();
  replies = [];
});

async function chat(harness: Harness, cookie: string, text: string) {
  const res = await harness.request("/api/agents/image-generator/chat", {
    method: "POST",
    cookie,
    body: { id: "chat", messages: [{ role: "user", parts: [{ type: "text", text }] }] },
  });
  expect(res.status).toBe(200);
  return parseStream(await res.text());
}

const draw = (prompt: string, size?: string) => ({
  name: "generate-image",
  arguments: size ? { prompt, size } : { prompt },
});

const outputsOf = (chunks: readonly Chunk[]) =>
  chunks
    .filter((c) => c.type === "tool-output-available")
    .map((c) => c.output as GenerateImageToolOutput);

describe("generate-image through the image-generator agent", () => {
  it("makes the image, saves it as the person's file, streams it in the tool part", async () => {
    const { cookie, userId } = await h.signIn("image-fox@acme.com");
    replies.push(
      { kind: "tool-calls", calls: [draw("a red fox", "1792x1024")] },
      { kind: "text", text: "Here is your fox." },
    );
    const chunks = await chat(h, cookie, "Draw a red fox");
    expect(partOf(chunks, "tool-input-available")).toMatchObject({
      toolName: "generate-image",
      input: { prompt: "a red fox", size: "1792x1024" },
    });
    const [output] = outputsOf(chunks);
    expect(output?.prompt).toBe("a red fox");
    expect(output?.images).toHaveLength(1);
    const image = output?.images[0];
    expect(image).toMatchObject({ mediaType: "image/png", width: 2, height: 2 });
    expect(image?.url).toBe(`/api/files/${image?.fileId}/view`);
    expect(textOf(chunks)).toBe("Here is your fox.");
    expect(partOf(chunks, "finish")).toBeDefined();

    // The images API got the prompt, the size, one image and the configured model.
    const [request] = llm.imageRequests();
    expect(request?.body).toMatchObject({
      model: "fake-image-model",
      prompt: "a red fox",
      size: "1792x1024",
      n: 1,
      response_format: "b64_json",
    });
    // The model got the saved image back as the tool's result.
    const toolMessage = llm.requests
      .filter((r) => r.path === "/v1/chat/completions")[1]
      ?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain(String(image?.fileId));

    // A ready file of the person, not queued for reading.
    const [row] = await h.db.db
      .select()
      .from(schema.files)
      .where(eq(schema.files.id, String(image?.fileId)));
    expect(row).toMatchObject({
      userId,
      kind: "png",
      status: "ready",
      size: FAKE_PNG.length,
      name: "a red fox.png",
    });
    const listed = (await (await h.request("/api/files", { cookie })).json()) as {
      files: { id: string; status: string; kind: string }[];
      addFiles: { current: number };
    };
    expect(listed.files.map((f) => [f.id, f.kind])).toEqual([[image?.fileId, "png"]]);
    // Generated images are not charged as added files.
    expect(listed.addFiles.current).toBe(0);

    // Shown inline to its owner; another person gets a 404, nobody signed in a 401.
    const own = await h.request(String(image?.url), { cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(Buffer.from(await own.arrayBuffer()).equals(FAKE_PNG)).toBe(true);
    const other = await h.signIn("image-other@acme.com");
    expect((await h.request(String(image?.url), { cookie: other.cookie })).status).toBe(404);
    expect((await h.request(String(image?.url))).status).toBe(401);

    // The saved conversation keeps the tool part with its output.
    const threadId = String(
      (partOf(chunks, "start")?.messageMetadata as { threadId?: string } | undefined)?.threadId,
    );
    const thread = await restoreThread(h, threadId, cookie);
    expect(thread.turns[0]?.parts[0]).toMatchObject({
      type: "tool-generate-image",
      state: "output-available",
      output: { images: [{ fileId: image?.fileId }] },
    });
  });

  it(`makes at most ${GENERATE_IMAGE_LIMITS.perTurn} images in one reply`, async () => {
    const { cookie, userId } = await h.signIn("image-cap@acme.com");
    replies.push(
      { kind: "tool-calls", calls: [draw("a cat"), draw("a dog"), draw("a bird")] },
      { kind: "text", text: "Two of three." },
    );
    const chunks = await chat(h, cookie, "Draw three animals");
    expect(outputsOf(chunks)).toHaveLength(2);
    const refused = chunks.filter((c) => c.type === "tool-output-error");
    expect(refused).toHaveLength(1);
    expect(String(refused[0]?.errorText)).toContain("at most 2 images");
    expect(llm.imageRequests()).toHaveLength(2);
    const rows = await h.db.db.select().from(schema.files).where(eq(schema.files.userId, userId));
    expect(rows).toHaveLength(2);
    expect(textOf(chunks)).toBe("Two of three.");

    // The next reply may make images again.
    replies.push(
      { kind: "tool-calls", calls: [draw("a fish")] },
      { kind: "text", text: "A fish." },
    );
    expect(outputsOf(await chat(h, cookie, "And a fish"))).toHaveLength(1);
  });

  it("without IMAGE_MODEL the tool part is an error saying how to configure one", async () => {
    const { cookie } = await noImages.signIn("image-none@acme.com");
    replies.push(
      { kind: "tool-calls", calls: [draw("a red fox")] },
      { kind: "text", text: "This server cannot make images." },
    );
    const chunks = await chat(noImages, cookie, "Draw a red fox");
    expect(partOf(chunks, "tool-output-error")?.errorText).toBe(NO_IMAGE_MODEL);
    expect(llm.imageRequests()).toHaveLength(0);
    expect(textOf(chunks)).toBe("This server cannot make images.");
    expect(partOf(chunks, "finish")).toBeDefined();
  });

  it("an images API failure is a clear tool error, nothing is saved, and the reply finishes", async () => {
    const { cookie, userId } = await h.signIn("image-500@acme.com");
    // model-fetch retries a 5xx (3 attempts in all).
    llm.enqueueImages(
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    replies.push(
      { kind: "tool-calls", calls: [draw("a red fox")] },
      { kind: "text", text: "The image model failed, sorry." },
    );
    const chunks = await chat(h, cookie, "Draw a red fox");
    expect(partOf(chunks, "tool-output-error")?.errorText).toBe(
      "The image model failed (HTTP 500). Try again in a moment.",
    );
    expect(textOf(chunks)).toBe("The image model failed, sorry.");
    expect(partOf(chunks, "finish")).toBeDefined();
    expect(partOf(chunks, "error")).toBeUndefined();
    const rows = await h.db.db.select().from(schema.files).where(eq(schema.files.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it("a refused prompt (4xx) says the model refused it, with the model's reason", async () => {
    const { cookie } = await h.signIn("image-400@acme.com");
    llm.enqueueImages({ kind: "status", status: 400, message: "Rejected by the safety system" });
    replies.push(
      { kind: "tool-calls", calls: [draw("something forbidden")] },
      { kind: "text", text: "Refused." },
    );
    const chunks = await chat(h, cookie, "Draw something");
    const error = String(partOf(chunks, "tool-output-error")?.errorText);
    expect(error).toContain("The image model refused this prompt (HTTP 400)");
    expect(error).toContain("Rejected by the safety system");
    expect(llm.imageRequests()).toHaveLength(1);
  });
});

describe("generate-image helpers", () => {
  it("tells images from their magic bytes, with a PNG's and a JPEG's size", () => {
    expect(imageTypeOf(FAKE_PNG)).toEqual({
      kind: "png",
      mediaType: "image/png",
      extension: "png",
      width: 2,
      height: 2,
    });
    // SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0,
      0x02, 0x80, 0x03, 0x01, 0x22, 0x00,
    ]);
    expect(imageTypeOf(jpeg)).toMatchObject({ mediaType: "image/jpeg", width: 640, height: 480 });
    expect(imageTypeOf(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))?.mediaType).toBe("image/webp");
    expect(imageTypeOf(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it("names the file after the prompt's first words", () => {
    expect(imageFileName("a red fox", "png")).toBe("a red fox.png");
    expect(imageFileName("  ../etc/passwd\u0000 ", "png")).toBe(".. etc passwd.png");
    expect(imageFileName("", "jpg")).toBe("Generated image.jpg");
    const long = imageFileName(`${"watercolour lighthouse ".repeat(10)}at dawn`, "png");
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^watercolour lighthouse .*[a-z]\.png$/);
  });

  it("IMAGE_MODEL needs LLM_BASE_URL (the server whose images API serves it)", () => {
    expect(() => parseEnv({ IMAGE_MODEL: "gpt-image-1" })).toThrow(EnvError);
    expect(() => parseEnv({ IMAGE_MODEL: "gpt-image-1" })).toThrow(
      /IMAGE_MODEL: needs LLM_BASE_URL/,
    );
    const env = parseEnv({
      LLM_BASE_URL: "http://127.0.0.1:1/v1",
      LLM_MODEL: "m",
      IMAGE_MODEL: " ",
    });
    expect(env.IMAGE_MODEL).toBeUndefined();
  });

  it("offers the three sizes of the images API", () => {
    expect(IMAGE_SIZES).toEqual(["1024x1024", "1024x1792", "1792x1024"]);
  });
});
