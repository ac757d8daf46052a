import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { getErrorMessage } from "@ai-sdk/provider";
// The JSON and schema checks the AI SDK's own parseToolCall uses (the same code as the copy
// inside the pinned `ai` package: only its base64 helpers differ).
import { executeTool, safeParseJSON, safeValidateTypes } from "@ai-sdk/provider-utils";
import {
  asSchema,
  InvalidToolInputError,
  type ModelMessage,
  NoSuchToolError,
  type TextStreamPart,
  type ToolSet,
} from "ai";

/**
 * The tool half of a model step read directly (model-step.ts), copied from the pinned AI SDK's
 * streamText (node_modules/ai/dist/index.mjs: parseToolCall, executeToolCall, toResponseMessages,
 * createToolModelOutput): a model's tool call parsed and checked against the tool's input schema
 * (an unknown tool or a bad input becomes an invalid call and a tool error, as there), a call run
 * with the options streamText gives `execute`, and the step's content turned into the next step's
 * messages exactly as streamText builds them (run-chat-tools.test.ts holds the two equal).
 */

type Part = TextStreamPart<ToolSet>;
export type ToolCallPart = Extract<Part, { type: "tool-call" }>;
export type ToolOutputPart = Extract<Part, { type: "tool-result" | "tool-error" }>;
type ModelToolCall = Extract<LanguageModelV3StreamPart, { type: "tool-call" }>;

/**
 * Whether the direct reader does everything streamText would do with these tools and messages:
 * not for provider-defined tools, tools that ask for approval, or a conversation ending with tool
 * approvals (those stay with streamText).
 */
export function directToolsSupported(tools: ToolSet | undefined, messages: ModelMessage[]) {
  if (messages.at(-1)?.role === "tool") return false;
  if (tools === undefined) return true;
  for (const name in tools) {
    const tool = tools[name] as ToolSet[string];
    if (tool.type === "provider" || tool.needsApproval != null) return false;
  }
  return true;
}

/** A provider-executed call of a tool the call was not given (parseProviderExecutedDynamicToolCall). */
async function providerDynamicCall(call: ModelToolCall): Promise<ToolCallPart> {
  const parsed =
    call.input.trim() === ""
      ? { success: true as const, value: {} }
      : await safeParseJSON({ text: call.input });
  if (!parsed.success)
    throw new InvalidToolInputError({
      toolName: call.toolName,
      toolInput: call.input,
      cause: parsed.error,
    });
  return {
    type: "tool-call",
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: parsed.value,
    providerExecuted: true,
    dynamic: true,
    providerMetadata: call.providerMetadata,
  } as ToolCallPart;
}

/** doParseToolCall: the call's input parsed and checked with the tool's schema. */
async function parseValid(call: ModelToolCall, tools: ToolSet): Promise<ToolCallPart> {
  const tool = tools[call.toolName];
  if (tool == null) {
    if (call.providerExecuted && call.dynamic) return providerDynamicCall(call);
    throw new NoSuchToolError({ toolName: call.toolName, availableTools: Object.keys(tools) });
  }
  // `ai`'s own copy of the schema helpers (its types name that copy's symbol: hence the cast).
  const schema = asSchema(tool.inputSchema) as unknown as Parameters<
    typeof safeValidateTypes
  >[0]["schema"];
  const parsed =
    call.input.trim() === ""
      ? await safeValidateTypes({ value: {}, schema })
      : await safeParseJSON({ text: call.input, schema });
  if (!parsed.success)
    throw new InvalidToolInputError({
      toolName: call.toolName,
      toolInput: call.input,
      cause: parsed.error,
    });
  return {
    type: "tool-call",
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: parsed.value,
    providerExecuted: call.providerExecuted,
    providerMetadata: call.providerMetadata,
    ...(tool.metadata != null ? { toolMetadata: tool.metadata } : {}),
    ...(tool.type === "dynamic" ? { dynamic: true } : {}),
    title: tool.title,
  } as ToolCallPart;
}

/**
 * parseToolCall (no repair function: runChat gives none): the parsed call, or an invalid one
 * carrying the error (NoSuchToolError, InvalidToolInputError) with the input as far as it parses.
 */
export async function parseToolCall(
  call: ModelToolCall,
  tools: ToolSet | undefined,
): Promise<ToolCallPart> {
  try {
    if (tools == null) {
      if (call.providerExecuted && call.dynamic) return await providerDynamicCall(call);
      throw new NoSuchToolError({ toolName: call.toolName });
    }
    return await parseValid(call, tools);
  } catch (error) {
    const parsed = await safeParseJSON({ text: call.input });
    const tool = tools?.[call.toolName];
    return {
      type: "tool-call",
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: parsed.success ? parsed.value : call.input,
      dynamic: true,
      invalid: true,
      error,
      title: tool?.title,
      providerExecuted: call.providerExecuted,
      providerMetadata: call.providerMetadata,
      ...(tool?.metadata != null ? { toolMetadata: tool.metadata } : {}),
    } as ToolCallPart;
  }
}

/** The tool error streamText reports for an invalid call that the provider did not run. */
export function invalidCallError(call: ToolCallPart): ToolOutputPart {
  return {
    type: "tool-error",
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
    error: getErrorMessage((call as { error?: unknown }).error),
    dynamic: true,
    title: call.title,
    ...(call.toolMetadata != null ? { toolMetadata: call.toolMetadata } : {}),
  } as ToolOutputPart;
}

/** What a tool's execute and input hooks are given (as streamText gives them). */
export interface ToolCallOptions {
  toolCallId: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
  experimental_context: unknown;
}

/**
 * executeToolCall: runs the tool (its preliminary outputs, if it yields any, go to
 * `preliminary`) and resolves with its result or error part; undefined for a tool without execute.
 */
export async function executeToolCall(
  call: ToolCallPart,
  tools: ToolSet | undefined,
  options: Omit<ToolCallOptions, "toolCallId">,
  preliminary: (part: Part) => void,
): Promise<ToolOutputPart | undefined> {
  const { toolName, toolCallId, input } = call;
  const tool = tools?.[toolName];
  if (tool?.execute == null) return undefined;
  const extra = {
    dynamic: tool.type === "dynamic",
    ...(call.providerMetadata != null ? { providerMetadata: call.providerMetadata } : {}),
    ...(call.toolMetadata != null ? { toolMetadata: call.toolMetadata } : {}),
  };
  let output: unknown;
  try {
    const stream = executeTool({
      execute: tool.execute.bind(tool),
      input,
      options: { toolCallId, ...options },
    });
    for await (const part of stream) {
      if (part.type === "preliminary")
        preliminary({
          ...call,
          type: "tool-result",
          output: part.output,
          preliminary: true,
        } as Part);
      else output = part.output;
    }
  } catch (error) {
    return { type: "tool-error", toolCallId, toolName, input, error, ...extra } as ToolOutputPart;
  }
  return { type: "tool-result", toolCallId, toolName, input, output, ...extra } as ToolOutputPart;
}

/** A step's recorded content (streamText's recordedContent), the input of toResponseMessages. */
export type StepContent =
  | { type: "text" | "reasoning"; text: string; providerMetadata: unknown }
  | { type: "file"; file: { base64: string; mediaType: string }; providerMetadata?: unknown }
  | { type: "source" | "tool-approval-request" }
  | ToolCallPart
  | ToolOutputPart;

/** createToolModelOutput. */
async function toolModelOutput(
  part: { toolCallId: string; input: unknown; toolName: string },
  tools: ToolSet | undefined,
  output: unknown,
  errorMode: "none" | "text" | "json",
) {
  if (errorMode === "text") return { type: "error-text", value: getErrorMessage(output) };
  if (errorMode === "json") return { type: "error-json", value: output ?? null };
  const tool = tools?.[part.toolName];
  if (tool?.toModelOutput)
    return await tool.toModelOutput({ toolCallId: part.toolCallId, input: part.input, output });
  return typeof output === "string"
    ? { type: "text", value: output }
    : { type: "json", value: output === undefined ? null : output };
}

/**
 * toResponseMessages: the assistant message of a step (its text, reasoning, files and calls) and
 * the tool message with the results of the calls run here, in the order of the calls.
 */
export async function toResponseMessages(
  content: readonly StepContent[],
  tools: ToolSet | undefined,
): Promise<ModelMessage[]> {
  const messages: Record<string, unknown>[] = [];
  const callOrder = new Map<string, number>();
  const assistant: Record<string, unknown>[] = [];
  for (const part of content) {
    if (part.type === "source" || part.type === "tool-approval-request") continue;
    if ((part.type === "tool-result" || part.type === "tool-error") && !part.providerExecuted)
      continue;
    if (part.type === "text" && part.text.length === 0) continue;
    switch (part.type) {
      case "text":
      case "reasoning":
        assistant.push({
          type: part.type,
          text: part.text,
          providerOptions: part.providerMetadata,
        });
        break;
      case "file":
        assistant.push({
          type: "file",
          data: part.file.base64,
          mediaType: part.file.mediaType,
          providerOptions: part.providerMetadata,
        });
        break;
      case "tool-call":
        if (!callOrder.has(part.toolCallId)) callOrder.set(part.toolCallId, callOrder.size);
        assistant.push({
          type: "tool-call",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.invalid && typeof part.input !== "object" ? {} : part.input,
          providerExecuted: part.providerExecuted,
          providerOptions: part.providerMetadata,
        });
        break;
      case "tool-result":
      case "tool-error":
        assistant.push({
          type: "tool-result",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: await (part.type === "tool-result"
            ? toolModelOutput(part, tools, part.output, "none")
            : toolModelOutput(part, tools, part.error, "json")),
          providerOptions: part.providerMetadata,
        });
        break;
    }
  }
  if (assistant.length > 0) messages.push({ role: "assistant", content: assistant });
  const results: { index: number; order: number | undefined; part: Record<string, unknown> }[] = [];
  for (const part of content) {
    if (!(part.type === "tool-result" || part.type === "tool-error") || part.providerExecuted)
      continue;
    const output = await (part.type === "tool-result"
      ? toolModelOutput(part, tools, part.output, "none")
      : toolModelOutput(part, tools, part.error, "text"));
    results.push({
      index: results.length,
      order: callOrder.get(part.toolCallId),
      part: {
        type: "tool-result",
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        output,
        ...(part.providerMetadata != null ? { providerOptions: part.providerMetadata } : {}),
      },
    });
  }
  if (results.length > 0) {
    // sortToolResultContentByToolCallOrder: by the order of the calls, unknown calls last.
    results.sort((a, b) => {
      if (a.order == null && b.order == null) return a.index - b.index;
      if (a.order == null) return 1;
      if (b.order == null) return -1;
      return a.order - b.order || a.index - b.index;
    });
    messages.push({ role: "tool", content: results.map((r) => r.part) });
  }
  return messages as unknown as ModelMessage[];
}
