import type { DocumentInfo } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { documentKeys, getDocumentText } from "../api/documents.ts";
import { DocumentTextView } from "./document-text-view.tsx";
import type { DocumentHighlight } from "./pdf-viewer.tsx";

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex h-full items-center justify-center gap-2 p-8 text-sm text-muted">
      <Spinner /> {label}
    </div>
  );
}

/** A document's text (or its office view), with a citation's passage marked. */
export function TextPane({
  document,
  highlight,
}: {
  document: DocumentInfo;
  highlight: DocumentHighlight | null;
}) {
  const t = useT();
  const text = useQuery({
    queryKey: documentKeys.text(document.id),
    queryFn: ({ signal }) => getDocumentText(document.id, signal),
  });
  if (text.isPending) return <Loading label={t("documents.opening", { name: document.name })} />;
  if (text.isError)
    return (
      <LoadError
        what={t("documents.loadText")}
        error={text.error}
        onRetry={() => void text.refetch()}
      />
    );
  return <DocumentTextView text={text.data} highlight={highlight} kind={document.kind} />;
}
