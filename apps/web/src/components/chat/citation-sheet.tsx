import type { AnswerSource, CitationCheck } from "@nexus/contracts";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Sheet } from "@/components/ui/sheet.tsx";
import { documentLinkOf } from "@/lib/chat/document-link.ts";
import type { SourceLabel } from "@/lib/chat/source-label.ts";
import { CitationMark } from "./citation-mark.tsx";
import { SourcePreview } from "./source-preview.tsx";

/** A cited source in a bottom sheet (a tapped chip on a touch screen): read it, open it, close it. */
export function CitationSheet({
  source,
  label,
  number,
  href,
  check,
  onOpenChange,
}: {
  source: AnswerSource;
  /** The citation's check, if the reply was checked: its mark and passage are shown. */
  check?: CitationCheck | undefined;
  label: SourceLabel;
  number: number;
  href: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet
      open
      onOpenChange={onOpenChange}
      side="bottom"
      title={`Source ${number}`}
      testId="citation-sheet"
    >
      <div className="flex flex-col gap-4 p-4 text-sm">
        <p>
          <SourcePreview source={source} label={label} full />
          {check ? <CitationMark check={check} full /> : null}
        </p>
        {href && documentLinkOf(source.url) ? (
          // A passage of the person's file: its document chat, in the app.
          <Link
            to={source.url}
            onClick={() => onOpenChange(false)}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-accent px-4 font-medium text-accent-fg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Open the passage
          </Link>
        ) : href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-accent px-4 font-medium text-accent-fg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Open source
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        ) : (
          <p className="text-xs text-subtle">This source has no link that can be opened.</p>
        )}
      </div>
    </Sheet>
  );
}
