import {
  RESEARCH_CITATIONS_PART,
  type ResearchCitationsPart,
  researchCitationsPartSchema,
} from "@nexus/contracts";
import { ReportSources, ReportText } from "./research-report.tsx";
import { LinkFilesContext } from "./research-source-link.tsx";

type SharedPart = { type: string } & Record<string, unknown>;

/** A shared reply is a research report when its parts hold the report's citations. */
export function isResearchReport(parts: readonly SharedPart[]): boolean {
  return parts.some((part) => part.type === RESEARCH_CITATIONS_PART);
}

function citationsOf(parts: readonly SharedPart[]): ResearchCitationsPart | null {
  const part = parts.find((p) => p.type === RESEARCH_CITATIONS_PART);
  const parsed = researchCitationsPartSchema.safeParse(part?.data);
  return parsed.success ? parsed.data : null;
}

/**
 * A research report on a share page: the report with its checked citation chips and its sources
 * (read, then only found); the author's files are named and quoted, never linked.
 */
export function SharedResearchReport({ parts }: { parts: readonly SharedPart[] }) {
  const citations = citationsOf(parts);
  return (
    <LinkFilesContext value={false}>
      <div className="flex min-w-0 flex-col gap-8" data-testid="shared-research-report">
        <ReportText
          parts={parts.filter((part) => part.type !== "text" || typeof part.text === "string")}
          citations={citations}
          streaming={false}
        />
        <div className="border-t border-border pt-6">
          <ReportSources sources={citations?.sources ?? []} />
        </div>
      </div>
    </LinkFilesContext>
  );
}
