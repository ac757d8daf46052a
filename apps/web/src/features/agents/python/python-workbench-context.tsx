import { createContext, type ReactNode, use, useCallback, useMemo, useRef, useState } from "react";

// The scratchpad's shared state, apart from python-workbench.tsx (which lazily loads the scratchpad
// and the Run-button markdown that read it): no import cycle between them.

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
