import { clsx } from "clsx";
import { AnswerPlainText } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { FirstViewIf, firstViewMarker } from "@/lib/first-view-markers.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { ReportContents } from "./research-report.tsx";
import { Frame, ResearchTitle } from "./research-screen.tsx";
import { StatusBadge } from "./research-status.tsx";

/**
 * A finished research's first view (src/app/first-views.tsx): its page as the report screen lays
 * it out (ResearchScreen, then ResearchReport) with what the server knows of it: the links above,
 * the question as the heading, its status (and whether it ran offline), its contents, and the
 * report's text as plain text in the element and place the screen paints it first
 * (LazyAnswerMarkdown's fallback inside ReportText's block). The
 * run's details (time, depth, sources, date) and the report's actions come with the app (the
 * actions' row stands here as an empty one of the same height); a contents entry one level down
 * is drawn here without its indent.
 */
export function ResearchReportFirstView({
  question,
  report,
  offline,
  contents,
}: {
  question: string;
  report: string;
  /** The condition that it ran offline (lib/first-view-markers.tsx). */
  offline: string;
  /** Its headings (one entry: a list field's marker), shown when the list has entries. */
  contents: string;
}) {
  const t = useT();
  // The run's details follow its status in the app: on a phone they wrap to a second line (20px
  // below a 4px gap), whose room is kept here; the lines keep to the top.
  const status = (ranOffline: boolean) => (
    <div
      className={clsx(
        "flex flex-wrap content-start items-center gap-x-3 gap-y-1 text-sm text-muted",
        ranOffline ? "max-sm:min-h-[2.875rem]" : "max-sm:min-h-11",
      )}
    >
      <StatusBadge status="succeeded" />
      {ranOffline ? <OfflineBadge explanation={t("research.offline")} /> : null}
    </div>
  );
  return (
    <Frame title={question}>
      <header className="mb-6 grid grid-cols-1 gap-3" data-status="succeeded">
        <ResearchTitle question={question} />
        <FirstViewIf when={offline}>{status(true)}</FirstViewIf>
        <FirstViewIf when={`!${offline}`}>{status(false)}</FirstViewIf>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="min-w-0">
          {/* The actions' row (Copy, Bookmark, Share, Export: small buttons, h-8). */}
          <div className="mb-4 h-8" />
          <div className="min-w-0 break-words text-fg">
            <AnswerPlainText markdown={report} />
          </div>
        </div>
        <FirstViewIf when={contents}>
          <ReportContents entries={[{ index: 0, level: 1, text: firstViewMarker(contents) }]} />
        </FirstViewIf>
      </div>
    </Frame>
  );
}
