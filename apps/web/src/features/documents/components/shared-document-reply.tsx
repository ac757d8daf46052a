import type { DocumentCitation } from "@nexus/contracts";
import { Quoted } from "@/components/chat/quoted.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";
import { citationsOf, citedPassages, messageText } from "../lib/document-message.ts";
import { CitedText } from "./cited-text.tsx";

type SharedPart = { type: string } & Record<string, unknown>;

/** A shared reply is a document chat's when its parts hold the checked citations. */
export function isDocumentReply(parts: readonly SharedPart[]): boolean {
  return parts.some((part) => part.type === "data-citations");
}

const passageId = (prefix: string, index: number) => `${prefix}-passage-${index}`;

/**
 * A document chat reply on a share page: its text with chips and the passages it cites (label and
 * quote, from the citations saved with it). In a chat over several files each passage names its
 * file, as the author saw it: the names are part of what they shared. Never a link to a file, which
 * only its owner opens (the share's citations come with their file ids blanked): a chip scrolls to
 * its passage here.
 */
export function SharedDocumentReply({ parts, id }: { parts: readonly SharedPart[]; id: string }) {
  const t = useT();
  const message = { parts: parts as Parameters<typeof citationsOf>[0]["parts"] };
  const citations = citationsOf(message);
  const passages = citedPassages(citations);
  const show = (citation: DocumentCitation) => {
    const index = passages.findIndex(
      (passage) =>
        passage.label === citation.label &&
        passage.citation.fileId === citation.fileId &&
        passage.citation.fileName === citation.fileName,
    );
    document.getElementById(passageId(id, index))?.scrollIntoView({ block: "nearest" });
  };
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="shared-document-reply">
      <CitedText text={messageText(message)} citations={citations} onCitation={show} />
      {passages.length > 0 ? (
        <section aria-label={t("documents.citedPassages")} className="flex flex-col gap-2 text-sm">
          {passages.map((passage, index) => (
            <figure
              key={`${passage.citation.fileId || passage.citation.fileName}:${passage.label}`}
              id={passageId(id, index)}
              data-testid="shared-document-passage"
              className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface px-3 py-2"
            >
              <figcaption className="text-xs font-medium break-words text-accent-soft-fg">
                {passage.citation.fileName ? (
                  <span data-testid="shared-document-passage-file">
                    {passage.citation.fileName} ·{" "}
                  </span>
                ) : null}
                {placeLabel(passage.label, passage.citation.ranges[0]?.page)}
                {passage.unverified ? (
                  <span className="ms-2 font-normal text-muted">
                    {t("documents.passageNotFound")}
                  </span>
                ) : null}
              </figcaption>
              {passage.quotes.map((quote) => (
                <blockquote key={quote} className="break-words text-muted">
                  <Quoted text={quote} />
                </blockquote>
              ))}
            </figure>
          ))}
        </section>
      ) : null}
    </div>
  );
}
