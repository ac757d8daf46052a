import { useCallback, useEffect, useRef, useState } from "react";
import { type PythonOutcome, PythonSession } from "./python-runner.ts";

export interface OutputChunk {
  stream: "stdout" | "stderr";
  text: string;
}

/** The last run: its code, what it printed (as it comes) and how it ended. */
export interface PythonRun {
  code: string;
  output: OutputChunk[];
  outcome: PythonOutcome | null;
  /** Milliseconds Pyodide took to load before this run (null when it was loaded already). */
  loadMs: number | null;
}

export type PythonPhase = "idle" | "loading" | "running";

/** Joins the output as it was printed (stdout and stderr in order). */
export function outputText(output: readonly OutputChunk[]): string {
  return output.map((chunk) => chunk.text).join("");
}

/** The scratchpad's Python: run, stop, and the last run's state. The worker ends with the page. */
export function usePythonRunner() {
  const sessionRef = useRef<PythonSession | null>(null);
  const [phase, setPhase] = useState<PythonPhase>("idle");
  const [run, setRun] = useState<PythonRun | null>(null);

  useEffect(() => {
    const session = new PythonSession();
    sessionRef.current = session;
    return () => {
      session.dispose();
      sessionRef.current = null;
    };
  }, []);

  const start = useCallback((code: string) => {
    const session = sessionRef.current;
    if (!session || session.running) return;
    setRun({ code, output: [], outcome: null, loadMs: null });
    setPhase("running");
    session.run(code, {
      onLoading: () => setPhase("loading"),
      onStarted: (loadMs) => {
        setPhase("running");
        setRun((current) => (current ? { ...current, loadMs } : current));
      },
      onOutput: (stream, text) =>
        setRun((current) => {
          if (!current) return current;
          const last = current.output.at(-1);
          const output =
            last?.stream === stream
              ? [...current.output.slice(0, -1), { stream, text: last.text + text }]
              : [...current.output, { stream, text }];
          return { ...current, output };
        }),
      onDone: (outcome) => {
        setPhase("idle");
        setRun((current) => (current ? { ...current, outcome } : current));
      },
    });
  }, []);

  const stop = useCallback(() => sessionRef.current?.stop(), []);

  return { phase, run, start, stop };
}
