import type http from "node:http";
import { beforeJsonAnswer, type RecordedRequest } from "./openai-fake-http.ts";

/** POST /v1/images/generations of the fake OpenAI-compatible server (openai-server.ts). */

/** What one POST /v1/images/generations does. */
export type FakeImageBehaviour =
  /** Answer with `n` copies of FAKE_PNG as b64_json, after `delayMs`. */
  | { kind: "png"; delayMs?: number }
  /** An error status (400 for a refused prompt, 500…). */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" };

/** A 2×2 red PNG (valid: signature, IHDR, IDAT, IEND with their CRCs). */
export const FAKE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR42mP4z8DwnwGMgRQAH+4D/a+/4gQAAAAASUVORK5CYII=",
  "base64",
);

/** Answers one POST /v1/images/generations with `behaviour`: `n` copies of FAKE_PNG, OpenAI's shape. */
export async function respondImages(
  res: http.ServerResponse,
  recorded: RecordedRequest,
  behaviour: FakeImageBehaviour,
  noteAbort: () => void,
): Promise<void> {
  if (!(await beforeJsonAnswer(res, behaviour, noteAbort))) return;
  const n = typeof recorded.body.n === "number" && recorded.body.n > 0 ? recorded.body.n : 1;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      created: Math.floor(Date.now() / 1000),
      data: Array.from({ length: n }, () => ({
        b64_json: FAKE_PNG.toString("base64"),
        revised_prompt: typeof recorded.body.prompt === "string" ? recorded.body.prompt : "",
      })),
    }),
  );
}
