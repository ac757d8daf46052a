import { clsx } from "clsx";
import { CirclePlay } from "lucide-react";
import { type ComponentType, useMemo } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import type { AgentMarkdownProps } from "../components/agent-chat-slots.tsx";
import { type PythonBlock, pythonParts } from "./python-code-blocks.ts";
import { usePythonRun } from "./python-workbench-context.tsx";

/** The first line of a block worth showing beside its button (blank lines and comments skipped). */
function firstLine(code: string): string {
  const line = code.split("\n").find((l) => l.trim() !== "" && !l.trim().startsWith("#"));
  return (line ?? code.split("\n")[0] ?? "").trim();
}

function RunButton({
  block,
  numbered,
  onRun,
}: {
  block: PythonBlock;
  numbered: boolean;
  onRun: (code: string) => void;
}) {
  const t = useT();
  const label = numbered ? t("pythonPad.runBlock", { number: block.number }) : t("pythonPad.run");
  return (
    <button
      type="button"
      onClick={() => onRun(block.code)}
      data-testid="python-run-block"
      aria-label={t("pythonPad.runIn", { label })}
      title={firstLine(block.code)}
      className="inline-flex w-fit items-center gap-1.5 rounded-lg border border-border bg-surface px-2.5 py-1 font-medium text-fg text-sm transition-colors hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CirclePlay className="size-4 text-accent" aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * A reply of the Python course: the markdown as the chat renders it, with a Run button under each
 * Python block that puts it into the scratchpad and runs it. While the reply streams (or when it
 * has no Python) it is the plain renderer.
 */
export function PythonMarkdown({
  Base,
  ...props
}: AgentMarkdownProps & { Base: ComponentType<AgentMarkdownProps> }) {
  const run = usePythonRun();
  const parts = useMemo(
    () => (props.streaming ? null : pythonParts(props.markdown)),
    [props.streaming, props.markdown],
  );
  const blocks = parts?.flatMap((part) => part.blocks) ?? [];
  if (!run || !parts || blocks.length === 0) return <Base {...props} />;

  // Each part is drawn with its headings where they are in the whole reply.
  const base = props.headingBase ?? 2;
  const levels = parts.map((part) => part.highestHeading).filter((l): l is number => l !== null);
  const top = levels.length > 0 ? Math.min(...levels) : null;
  const numbered = blocks.length > 1;
  return (
    <div className={clsx("flex min-w-0 flex-col", props.className)} data-testid="python-reply">
      {parts.map((part, index) => (
        // Parts are positional: a finished reply's markdown no longer changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        <div key={index} className="flex min-w-0 flex-col gap-1">
          {part.markdown.trim() !== "" ? (
            <Base
              markdown={part.markdown}
              sources={props.sources}
              headingBase={
                part.highestHeading !== null && top !== null
                  ? Math.min(6, base + part.highestHeading - top)
                  : base
              }
              className={props.className}
            />
          ) : null}
          {part.blocks.length > 0 ? (
            <div className="mb-3 flex flex-wrap gap-2">
              {part.blocks.map((block) => (
                <RunButton key={block.number} block={block} numbered={numbered} onRun={run} />
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
