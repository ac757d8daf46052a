import type { AgentTool } from "@nexus/contracts";
import type { ToolSet } from "ai";
import { generateImageTool } from "./generate-image.ts";
import type * as Tools from "./index.ts";
import type { ToolContext } from "./tool-context.ts";
import { youtubeTranscriptTool } from "./youtube-transcript.ts";

const MEDIA: Partial<Record<AgentTool, (ctx: ToolContext) => ToolSet[string]>> = {
  "generate-image": generateImageTool,
  "youtube-transcript": youtubeTranscriptTool,
};

/**
 * For `vi.mock("./index.ts", …)` in tests: the tools of index.ts, plus generate-image and
 * youtube-transcript whether or not index.ts lists them yet.
 */
export function withMediaTools(actual: typeof Tools): typeof Tools {
  return {
    ...actual,
    toolsFor: (names, ctx) => {
      const tools = actual.toolsFor(names, ctx);
      for (const name of names) {
        const factory = MEDIA[name];
        if (factory && !tools[name]) tools[name] = factory(ctx);
      }
      return tools;
    },
    toolAvailable: (name) => actual.toolAvailable(name) || MEDIA[name] !== undefined,
  };
}
