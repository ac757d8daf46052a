import type { ReadUrlToolOutput, WebSearchToolOutput } from "@nexus/contracts";
import { FileText, Globe, TriangleAlert, Wrench } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { hostOf, safeHttpUrl } from "../lib/agent-message.ts";
import { GenerateImageToolPart, YoutubeTranscriptToolPart } from "./agent-tool-media.tsx";
import { ToolDetails, type ToolPartLike, ToolRow } from "./agent-tool-row.tsx";
import { RunCodeToolPart } from "./agent-tool-run-code.tsx";
import { SearchFilesToolPart } from "./agent-tool-search-files.tsx";

/** A tool part of a reply as the SDK streams it (`tool-<name>` or `dynamic-tool`). */
export type { ToolPartLike };

export function isToolPart(part: { type: string }): part is ToolPartLike {
  return part.type.startsWith("tool-") || part.type === "dynamic-tool";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function stringField(value: unknown, field: string): string {
  return isRecord(value) && typeof value[field] === "string" ? value[field] : "";
}

function searchResults(output: unknown): WebSearchToolOutput["results"] {
  if (!isRecord(output) || !Array.isArray(output.results)) return [];
  return output.results.filter(
    (result): result is WebSearchToolOutput["results"][number] =>
      isRecord(result) && typeof result.url === "string",
  );
}

function readOutput(output: unknown): Pick<ReadUrlToolOutput, "url" | "title"> {
  return { url: stringField(output, "url"), title: stringField(output, "title") };
}

function toolName(part: ToolPartLike): string {
  if (part.type === "dynamic-tool") return part.toolName ?? "tool";
  return part.type.slice("tool-".length);
}

function ToolError({ text }: { text: string }) {
  const t = useT();
  return (
    <ToolRow
      tone="warning"
      running={false}
      icon={<TriangleAlert className="size-4 text-warning" aria-hidden="true" />}
    >
      {text.trim() || t("toolCall.failed")}
    </ToolRow>
  );
}

/**
 * A tool call of a reply, in each of its states: while it runs (`running`: the reply is still
 * streaming), its result, or its error. web-search and read-url have their own wording; any other
 * tool is named.
 */
export function AgentToolPart({ part, streaming }: { part: ToolPartLike; streaming: boolean }) {
  const t = useT();
  // Tools with their own renderers (each works out its state; `running`: the reply streams).
  if (part.type === "tool-generate-image")
    return <GenerateImageToolPart part={part} running={streaming} />;
  if (part.type === "tool-youtube-transcript")
    return <YoutubeTranscriptToolPart part={part} running={streaming} />;
  if (part.type === "tool-run-code") return <RunCodeToolPart part={part} running={streaming} />;
  const state = part.state ?? "input-available";
  const done = state === "output-available";
  // A call the reply ended without (stopped, failed) no longer runs.
  const running = !done && state !== "output-error" && state !== "output-denied" && streaming;
  const interrupted = !done && !running && state !== "output-error";

  if (state === "output-error") return <ToolError text={part.errorText ?? ""} />;

  if (part.type === "tool-web-search") {
    const query = stringField(part.input, "query");
    const icon = <Globe className="size-4" aria-hidden="true" />;
    if (!done) {
      return (
        <ToolRow running={running} icon={icon}>
          {interrupted
            ? query
              ? t("toolCall.search.interruptedFor", { query })
              : t("toolCall.search.interrupted")
            : query
              ? t("toolCall.search.runningFor", { query })
              : t("toolCall.search.running")}
        </ToolRow>
      );
    }
    const results = searchResults(part.output);
    const summary = t("toolCall.search.done", { count: results.length });
    const forQuery = query ? (
      <span className="text-subtle"> {t("toolCall.search.for", { query })}</span>
    ) : null;
    if (results.length === 0) {
      return (
        <ToolRow running={false} icon={icon}>
          {summary}
          {forQuery}
        </ToolRow>
      );
    }
    return (
      <ToolRow running={false} icon={icon}>
        <ToolDetails
          summary={
            <>
              {summary}
              {forQuery}
            </>
          }
        >
          <ol className="mt-2 flex flex-col gap-1.5 border-l border-border pl-3">
            {results.map((result) => {
              const href = safeHttpUrl(result.url);
              const title = result.title || hostOf(result.url);
              return (
                <li key={result.url} className="min-w-0">
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-fg underline-offset-2 hover:text-accent hover:underline"
                    >
                      {title}
                    </a>
                  ) : (
                    <span className="text-fg">{title}</span>
                  )}
                  <span className="text-subtle"> · {hostOf(result.url)}</span>
                </li>
              );
            })}
          </ol>
        </ToolDetails>
      </ToolRow>
    );
  }

  if (part.type === "tool-read-url") {
    const inputUrl = stringField(part.input, "url");
    const icon = <FileText className="size-4" aria-hidden="true" />;
    if (!done) {
      const host = (inputUrl ? hostOf(inputUrl) : "") || t("toolCall.read.thePage");
      return (
        <ToolRow running={running} icon={icon}>
          {interrupted
            ? t("toolCall.read.interrupted", { host })
            : t("toolCall.read.running", { host })}
        </ToolRow>
      );
    }
    const output = readOutput(part.output);
    const url = output.url || inputUrl;
    const href = safeHttpUrl(url);
    return (
      <ToolRow running={false} icon={icon}>
        {t("toolCall.read.done", { host: hostOf(url) || t("toolCall.read.thePage") })}
        {output.title ? (
          <>
            {": "}
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-fg underline-offset-2 hover:text-accent hover:underline"
              >
                {output.title}
              </a>
            ) : (
              <span className="text-fg">{output.title}</span>
            )}
          </>
        ) : null}
      </ToolRow>
    );
  }

  if (part.type === "tool-search-files")
    return <SearchFilesToolPart part={part} running={running} interrupted={interrupted} />;

  const name = toolName(part);
  return (
    <ToolRow running={running} icon={<Wrench className="size-4" aria-hidden="true" />}>
      {running ? t("toolCall.other.running", { name }) : t("toolCall.other.done", { name })}
    </ToolRow>
  );
}
