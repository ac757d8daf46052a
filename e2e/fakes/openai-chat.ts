import type http from "node:http";
import { type RecordedRequest, wait, writeStatus } from "./openai-fake-http.ts";

/** POST /v1/chat/completions of the fake OpenAI-compatible server (openai-server.ts). */

export type FakeBehaviour =
  /** Echo the last user message. */
  | { kind: "echo"; delayMs?: number }
  /** Stream `chunks` (or `text` word by word), `delayMs` apart; `think` wraps reasoning in <think>
   * tags inside the content, `reasoningContent` streams it as delta.reasoning_content first. */
  | {
      kind: "text";
      text?: string;
      chunks?: string[];
      delayMs?: number;
      think?: string;
      reasoningContent?: string;
    }
  /** An error status, e.g. 429 with Retry-After, or 500. */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Stream `afterChunks` chunks of `text` then destroy the socket. */
  | { kind: "fail-mid-stream"; text: string; afterChunks: number; delayMs?: number }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" }
  /** Stream tool calls (OpenAI `delta.tool_calls`, arguments in two pieces), then finish with
   * `tool_calls`; the client runs them and calls again with their results. */
  | { kind: "tool-calls"; calls: { name: string; arguments: Record<string, unknown> }[] };

export type FakeHandler = (request: RecordedRequest) => FakeBehaviour;

function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

function lastUserText(request: RecordedRequest): string {
  const user = [...request.messages].reverse().find((m) => m.role === "user");
  if (!user) return "";
  if (typeof user.content === "string") return user.content;
  if (Array.isArray(user.content))
    return user.content
      .map((p: unknown) =>
        typeof p === "object" && p !== null && "text" in p && typeof p.text === "string"
          ? p.text
          : "",
      )
      .join("");
  return "";
}

interface Delta {
  role?: "assistant";
  content?: string;
  reasoning_content?: string;
  tool_calls?: {
    index: number;
    id?: string;
    type?: "function";
    function: { name?: string; arguments: string };
  }[];
}

function chunk(options: { model: string; delta: Delta; finish?: string; usage?: boolean }) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: options.model,
    choices: [{ index: 0, delta: options.delta, finish_reason: options.finish ?? null }],
    ...(options.usage
      ? { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }
      : {}),
  };
}

/** The deltas a text behaviour streams, reasoning first. */
function deltasOf(behaviour: FakeBehaviour, request: RecordedRequest): Delta[] {
  if (behaviour.kind === "echo")
    return words(lastUserText(request)).map((content) => ({ content }));
  if (behaviour.kind === "fail-mid-stream")
    return words(behaviour.text).map((content) => ({ content }));
  if (behaviour.kind === "tool-calls")
    return behaviour.calls.flatMap((call, index): Delta[] => {
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      return [
        {
          tool_calls: [
            {
              index,
              id: `call_${index + 1}`,
              type: "function",
              function: { name: call.name, arguments: args.slice(0, half) },
            },
          ],
        },
        { tool_calls: [{ index, function: { arguments: args.slice(half) } }] },
      ];
    });
  if (behaviour.kind !== "text") return [];
  const deltas: Delta[] = [];
  if (behaviour.reasoningContent)
    for (const r of words(behaviour.reasoningContent)) deltas.push({ reasoning_content: r });
  const text = behaviour.text ?? "";
  const content = behaviour.chunks ?? words(text);
  if (behaviour.think)
    deltas.push({ content: "<think>" }, { content: behaviour.think }, { content: "</think>" });
  for (const c of content) deltas.push({ content: c });
  return deltas;
}

/**
 * Answers one POST /v1/chat/completions with `behaviour`: SSE chunks (`stream: true`) or one JSON
 * completion. `noteAbort` hears of a client that went away before the end.
 */
export async function respondChat(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  recorded: RecordedRequest,
  behaviour: FakeBehaviour,
  noteAbort: () => void,
): Promise<void> {
  let selfDestroyed = false;
  res.on("close", () => {
    if (!res.writableFinished && !selfDestroyed) noteAbort();
  });
  if (behaviour.kind === "stall") return;
  if (behaviour.kind === "status") return writeStatus(res, behaviour);
  const model = recorded.model ?? "fake-model";
  const deltas = deltasOf(behaviour, recorded);
  const delayMs = "delayMs" in behaviour ? (behaviour.delayMs ?? 0) : 0;
  if (!recorded.stream) {
    const content = deltas.map((d) => d.content ?? "").join("");
    const reasoning = deltas.map((d) => d.reasoning_content ?? "").join("");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content,
              ...(reasoning ? { reasoning_content: reasoning } : {}),
            },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
    return;
  }
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk({ model, delta: { role: "assistant", content: "" } }));
  for (const [i, delta] of deltas.entries()) {
    if (delayMs > 0) await wait(delayMs);
    if (res.destroyed) return;
    if (behaviour.kind === "fail-mid-stream" && i >= behaviour.afterChunks) {
      selfDestroyed = true;
      req.socket.destroy();
      return;
    }
    send(chunk({ model, delta }));
  }
  const finish = behaviour.kind === "tool-calls" ? "tool_calls" : "stop";
  send(chunk({ model, delta: {}, finish, usage: true }));
  res.end("data: [DONE]\n\n");
}
