import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useMemo,
  useRef,
  useState,
} from "react";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { textPartWith } from "@/components/chat/parts/text-part.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type {
  AgentChatSlots,
  AgentMarkdownProps,
  AgentWorkbenchContext,
} from "../components/agent-chat-slots.tsx";

/** The preset agent whose chat gets the Python scratchpad and Run buttons. */
export const PYTHON_COURSE_AGENT_ID = "interactive-python-course";

/** A Run button's request: this code, into the scratchpad, and run it. */
export interface PythonRunRequest {
  code: string;
  /** Counts requests, so running the same block twice is two requests. */
  seq: number;
}

interface PythonWorkbench {
  code: string;
  setCode: (code: string) => void;
  /** A Run button's request the scratchpad has not taken yet (it may still be loading). */
  request: PythonRunRequest | null;
  /** The scratchpad took the request (a scratchpad mounted later does not run it again). */
  takeRequest: () => void;
}

/** The scratchpad's state; the Run buttons only use requestRun (a separate, stable context). */
const PythonWorkbenchContext = createContext<PythonWorkbench | null>(null);
const PythonRunContext = createContext<((code: string) => void) | null>(null);

export function usePythonWorkbench(): PythonWorkbench | null {
  return use(PythonWorkbenchContext);
}

/** Puts code into the scratchpad and runs it (null outside a PythonWorkbenchProvider). */
export function usePythonRun(): ((code: string) => void) | null {
  return use(PythonRunContext);
}

const STARTER_CODE = 'name = "Python"\nprint(f"Hello, {name}!")\n';

/** The scratchpad's code, shared with the Run buttons of the replies (kept across conversations). */
export function PythonWorkbenchProvider({ children }: { children: ReactNode }) {
  const [code, setCode] = useState(STARTER_CODE);
  const [request, setRequest] = useState<PythonRunRequest | null>(null);
  const requests = useRef(0);
  const requestRun = useCallback((next: string) => {
    setCode(next);
    requests.current += 1;
    setRequest({ code: next, seq: requests.current });
  }, []);
  const takeRequest = useCallback(() => setRequest(null), []);
  const value = useMemo<PythonWorkbench>(
    () => ({ code, setCode, request, takeRequest }),
    [code, request, takeRequest],
  );
  return (
    <PythonRunContext value={requestRun}>
      <PythonWorkbenchContext value={value}>{children}</PythonWorkbenchContext>
    </PythonRunContext>
  );
}

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
