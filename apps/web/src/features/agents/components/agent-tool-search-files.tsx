import type { SearchFilesToolOutput } from "@nexus/contracts";
import { BookOpen } from "lucide-react";
import { t } from "@/lib/i18n/i18n.ts";
import { isLocalPath, safeHttpUrl } from "../lib/agent-message.ts";
import { ToolDetails, type ToolPartLike, ToolRow } from "./agent-tool-row.tsx";

type Passage = SearchFilesToolOutput["results"][number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The passages of a search-files output, whatever shape a stored part arrives in. */
function passagesOf(output: unknown): Passage[] {
  if (!isRecord(output) || !Array.isArray(output.results)) return [];
  return output.results.flatMap((r: unknown): Passage[] =>
    isRecord(r) && typeof r.title === "string" && typeof r.text === "string"
      ? [
          {
            n: typeof r.n === "number" ? r.n : null,
            title: r.title,
            url: typeof r.url === "string" ? r.url : "",
            text: r.text,
          },
        ]
      : [],
  );
}

/** A passage's link: a file's or guide's path on this server, or a web address; else none. */
function hrefOf(url: string): string | null {
  if (isLocalPath(url)) return url;
  return safeHttpUrl(url);
}

/**
 * The search-files call of a reply (a custom agent's knowledge files, or Nexus's guides): while it
 * runs, what it searches for; once done, how many passages it found, and, opened, each passage
 * with its source number, its file (and page) or guide, and the words the agent was given.
 */
export function SearchFilesToolPart({
  part,
  running,
  interrupted,
}: {
  part: ToolPartLike;
  running: boolean;
  interrupted: boolean;
}) {
  const query =
    isRecord(part.input) && typeof part.input.query === "string" ? part.input.query : "";
  const icon = <BookOpen className="size-4" aria-hidden="true" />;
  if (part.state !== "output-available") {
    return (
      <ToolRow running={running} icon={icon}>
        {interrupted
          ? query
            ? t("toolCall.files.interruptedFor", { query })
            : t("toolCall.files.interrupted")
          : query
            ? t("toolCall.files.runningFor", { query })
            : t("toolCall.files.running")}
      </ToolRow>
    );
  }
  const passages = passagesOf(part.output);
  const summary = query
    ? t("toolCall.files.doneFor", { count: passages.length, query })
    : t("toolCall.files.done", { count: passages.length });
  if (passages.length === 0)
    return (
      <ToolRow running={false} icon={icon}>
        {summary}
      </ToolRow>
    );
  return (
    <ToolRow running={false} icon={icon}>
      <ToolDetails summary={summary} testId="search-files-block">
        <ol className="mt-2 flex flex-col gap-2.5 border-l border-border pl-3">
          {passages.map((passage, i) => {
            const href = hrefOf(passage.url);
            const local = href !== null && isLocalPath(href);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: passages have no id; the list is fixed once the call is done.
              <li key={i} className="min-w-0" data-testid="search-files-passage">
                <div className="flex min-w-0 items-baseline gap-1.5">
                  {passage.n !== null ? (
                    <span className="shrink-0 text-xs font-medium text-subtle tabular-nums">
                      [{passage.n}]
                    </span>
                  ) : null}
                  {href ? (
                    <a
                      href={href}
                      {...(local ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                      className="min-w-0 truncate text-fg underline-offset-2 hover:text-accent hover:underline"
                    >
                      {passage.title}
                    </a>
                  ) : (
                    <span className="min-w-0 truncate text-fg">{passage.title}</span>
                  )}
                </div>
                <blockquote
                  dir="auto"
                  className="mt-1 line-clamp-4 text-xs leading-relaxed text-muted"
                >
                  {passage.text}
                </blockquote>
              </li>
            );
          })}
        </ol>
      </ToolDetails>
    </ToolRow>
  );
}
