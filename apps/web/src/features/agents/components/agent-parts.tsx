import type { PartRendererProps, PartRenderers } from "@/components/chat/part-registry.tsx";
import { chatPartRenderers } from "@/components/chat/parts/index.ts";
import { GenerateImageToolPart, YoutubeTranscriptToolPart } from "./agent-tool-media.tsx";
import { AgentToolPart, type ToolPartLike } from "./agent-tool-part.tsx";
import { RunCodeToolPart } from "./agent-tool-run-code.tsx";

type ToolProps = PartRendererProps<ToolPartLike>;

/** Any tool call (`tool-<name>`, `dynamic-tool`): web-search and read-url worded, others named. */
function ToolPart({ part, streaming }: ToolProps) {
  return <AgentToolPart part={part} streaming={streaming} />;
}

function GenerateImagePart({ part, streaming }: ToolProps) {
  return <GenerateImageToolPart part={part} running={streaming} />;
}

function YoutubeTranscriptPart({ part, streaming }: ToolProps) {
  return <YoutubeTranscriptToolPart part={part} running={streaming} />;
}

function RunCodePart({ part, streaming }: ToolProps) {
  return <RunCodeToolPart part={part} running={streaming} />;
}

/**
 * The agent chat's part renderers: the shared text and reasoning, and the agents' tool calls (the
 * tools with a view of their own by their exact type, every other tool by the "tool-*" one).
 * Source parts are not drawn one by one: the reply lists its sources under the text.
 */
export const agentPartRenderers: PartRenderers = {
  ...chatPartRenderers,
  "tool-*": ToolPart,
  "dynamic-tool": ToolPart,
  "tool-generate-image": GenerateImagePart,
  "tool-youtube-transcript": YoutubeTranscriptPart,
  "tool-run-code": RunCodePart,
};
