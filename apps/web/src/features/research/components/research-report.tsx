import {
  RESEARCH_CITATIONS_PART,
  type ResearchCitationsPart,
  type ResearchItem,
  type ResearchSource,
  reportToc,
  type TocEntry,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { BookOpen, Check, Copy, FileText, Globe, TriangleAlert } from "lucide-react";
import { createContext, type ReactNode, use, useCallback, useMemo, useRef } from "react";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import {
  type ChatPart,
  ChatPartRenderers,
  MessageParts,
  type PartRendererProps,
  type PartRenderers,
} from "@/components/chat/part-registry.tsx";
import { ExportMenu } from "@/components/export-menu.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { citationsByNote, reportMarkdown, splitSources } from "../lib/report.ts";
import { ResearchCitationChip } from "./research-citation-chip.tsx";
import { SourceLink, sourceSite, sourceTitle } from "./research-source-link.tsx";

/** The citations the report's text parts resolve `[noteId]` with. */
const ReportCitationsContext = createContext<ResearchCitationsPart | null>(null);

/** A report's text part: Markdown with each `[noteId]` a chip (a number without one stays `[n]`). */
function ReportTextPart({
  part,
  streaming,
  headingBase,
}: PartRendererProps<{ type: "text"; text: string }>) {
  const citations = use(ReportCitationsContext);
  const byNote = useMemo(() => citationsByNote(citations), [citations]);
  const maxNote = useMemo(() => Math.max(0, ...byNote.keys()), [byNote]);
  const renderCitation = useCallback(
    (n: number) => {
      const citation = byNote.get(n);
      return citation ? <ResearchCitationChip citation={citation} /> : `[${n}]`;
    },
    [byNote],
  );
  return (
    <LazyAnswerMarkdown
      markdown={part.text}
      sources={[]}
      streaming={streaming}
      citationCount={maxNote}
      renderCitation={renderCitation}
      headingBase={headingBase}
    />
  );
}

/**
 * A report's parts as the research draws them: text as Markdown with note chips; its citations
 * part is drawn beside the text (its sources list), not in it.
 */
const reportPartRenderers: PartRenderers = {
  text: ReportTextPart,
  [RESEARCH_CITATIONS_PART]: () => null,
};

/**
 * The report's message parts (a UI message's, read from its chunks by readUIMessageStream, or a
 * saved report's), drawn by the shared parts renderer (components/chat MessageParts) with the
 * research's renderers.
 */
export function ReportText({
  parts,
  citations,
  streaming,
}: {
  parts: readonly ChatPart[];
  citations: ResearchCitationsPart | null;
  streaming: boolean;
}) {
  return (
    <div className="min-w-0 break-words text-fg" data-testid="research-report-text">
      <ReportCitationsContext value={citations}>
        <ChatPartRenderers renderers={reportPartRenderers}>
          <MessageParts parts={parts} streaming={streaming} sources={[]} headingBase={2} />
        </ChatPartRenderers>
      </ReportCitationsContext>
    </div>
  );
}

function SourceRow({ source }: { source: ResearchSource }) {
  const t = useT();
  const Icon = source.kind === "file" ? FileText : source.kind === "knowledge" ? BookOpen : Globe;
  return (
    <li className="flex min-w-0 items-start gap-2 text-sm" data-testid="research-source">
      <span className="w-6 shrink-0 text-right text-subtle tabular-nums">{source.id}.</span>
      <Icon className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
      <span className="min-w-0">
        <SourceLink
          source={source}
          className="font-medium break-words text-fg underline-offset-2 hover:underline"
        >
          {sourceTitle(source)}
        </SourceLink>
        <span className="block text-xs text-muted">
          {sourceSite(source)}
          {source.status === "failed"
            ? ` · ${source.reason ? t("research.source.unreadBecause", { reason: source.reason }) : t("research.source.unread")}`
            : null}
        </span>
      </span>
    </li>
  );
}

/** The report's sources: those read, then those only found (or that failed). */
export function ReportSources({ sources }: { sources: readonly ResearchSource[] }) {
  const { read, found } = splitSources(sources);
  const t = useT();
  return (
    <section aria-labelledby="research-sources-heading" data-testid="research-sources">
      <h2 id="research-sources-heading" className="text-base font-semibold">
        {t("research.sources.heading")}
      </h2>
      <h3 className="mt-3 text-sm font-medium text-muted">
        {t("research.sources.read", { count: read.length })}
      </h3>
      {read.length > 0 ? (
        <ol className="mt-2 grid gap-2" data-testid="research-sources-read">
          {read.map((source) => (
            <SourceRow key={source.id} source={source} />
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-muted">{t("research.sources.noneRead")}</p>
      )}
      {found.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-medium text-muted">
            {t("research.sources.found", { count: found.length })}
          </h3>
          <ol className="mt-2 grid gap-2" data-testid="research-sources-found">
            {found.map((source) => (
              <SourceRow key={source.id} source={source} />
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

/**
 * The report's contents (its headings): beside it on a wide screen, above it on a phone. Each
 * entry jumps to its heading (`onJump` with its index; none in the server's first view).
 */
export function ReportContents({
  entries,
  onJump,
}: {
  entries: readonly TocEntry[];
  onJump?: (index: number) => void;
}) {
  const t = useT();
  return (
    <nav
      aria-label={t("research.contents")}
      data-testid="research-toc"
      className="order-first lg:order-last lg:sticky lg:top-4 lg:self-start"
    >
      <h2 className="text-sm font-semibold">{t("research.contents")}</h2>
      <ol className="mt-2 grid gap-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.index} className={clsx(entry.level === 2 && "pl-3")}>
            <button
              type="button"
              onClick={onJump ? () => onJump(entry.index) : undefined}
              dir="auto"
              className="text-left text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              {entry.text}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A finished research: its table of contents (the report's headings), the report with checked
 * citation chips, its sources, and Copy, Bookmark, Share, Export (Markdown, PDF, Word).
 */
export function ResearchReport({
  item,
  parts,
  report,
  citations,
  entryActions,
}: {
  item: ResearchItem;
  /** The report's message parts; `report` is their text (the contents, copy and export). */
  parts: readonly ChatPart[];
  report: string;
  citations: ResearchCitationsPart | null;
  /** Bookmark and Share of the saved report (the app layer's). */
  entryActions?: ((entry: { threadId: string; entryId: string }) => ReactNode) | undefined;
}) {
  const t = useT();
  const toc = useMemo(() => reportToc(report), [report]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const { copied, copy } = useCopyToClipboard();
  const markdown = () =>
    reportMarkdown({
      question: item.question,
      report,
      citations,
      date: new Date(item.endedAt ?? item.createdAt).toLocaleDateString(),
    });
  const unverified = (citations?.citations ?? []).filter(
    (c) => c.note.check === "unverified",
  ).length;
  const jump = (index: number) => {
    const heading = bodyRef.current?.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")[index];
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.scrollIntoView({ behavior: "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  };
  return (
    <div
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]"
      data-testid="research-report"
    >
      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center gap-1" data-testid="research-actions">
          <Button
            variant="ghost"
            size="sm"
            data-testid="research-copy"
            onClick={async () => {
              if (!(await copy(markdown()))) notify("error", t("research.copyFailed"));
            }}
          >
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            <span className="max-sm:sr-only">{copied ? t("chat.copied") : t("chat.copy")}</span>
          </Button>
          {item.entryId && entryActions
            ? entryActions({ threadId: item.threadId, entryId: item.entryId })
            : null}
          <ExportMenu threadId={item.threadId} title={item.question} testId="research-export" />
        </div>
        {unverified > 0 ? (
          <p className="mb-4 flex items-start gap-2 rounded-xl border border-warning/40 bg-warning-soft p-3 text-sm text-fg">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            {t("research.unverifiedQuotes", { count: unverified })}
          </p>
        ) : null}
        <div ref={bodyRef}>
          <ReportText parts={parts} citations={citations} streaming={false} />
        </div>
        <div className="mt-8 border-t border-border pt-6">
          <ReportSources sources={citations?.sources ?? []} />
        </div>
      </div>
      {toc.length > 1 ? <ReportContents entries={toc} onJump={jump} /> : null}
    </div>
  );
}
