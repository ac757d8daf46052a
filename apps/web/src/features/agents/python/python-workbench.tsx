import { type ComponentType, Suspense } from "react";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { textPartWith } from "@/components/chat/parts/text-part.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type {
  AgentChatSlots,
  AgentMarkdownProps,
  AgentWorkbenchContext,
} from "../components/agent-chat-slots.tsx";

export { PythonWorkbenchProvider } from "./python-workbench-context.tsx";

/** The preset agent whose chat gets the Python scratchpad and Run buttons. */
export const PYTHON_COURSE_AGENT_ID = "interactive-python-course";

// Both are downloaded only on this agent's page (the worker and Pyodide only on the first run).
const LazyScratchpad = lazyComponent(() =>
  import("./python-scratchpad.tsx").then((m) => m.PythonScratchpad),
);
const LazyPythonMarkdown = lazyComponent(() =>
  import("./python-markdown.tsx").then((m) => m.PythonMarkdown),
);

/** The reply renderer with Run buttons under Python blocks (the plain renderer until loaded). */
function withRunButtons(
  Base: ComponentType<AgentMarkdownProps>,
): ComponentType<AgentMarkdownProps> {
  return function PythonReplyMarkdown(props: AgentMarkdownProps) {
    return (
      <Suspense fallback={<Base {...props} />}>
        <LazyPythonMarkdown {...props} Base={Base} />
      </Suspense>
    );
  };
}

const PythonReplyMarkdown = withRunButtons(LazyAnswerMarkdown);

/** The Python course's text part: the shared markdown, with Run buttons under Python blocks. */
const PythonTextPart = textPartWith(PythonReplyMarkdown);

/**
 * The Python course's chat slots: replies get Run buttons (its text renderer), and the scratchpad
 * sits above the composer. Render inside a PythonWorkbenchProvider.
 */
export function pythonChatSlots(base: AgentChatSlots): AgentChatSlots {
  return {
    ...base,
    parts: { ...base.parts, text: PythonTextPart },
    renderWorkbench: (workbench: AgentWorkbenchContext) => (
      <Suspense fallback={null}>
        <LazyScratchpad {...workbench} />
      </Suspense>
    ),
  };
}
