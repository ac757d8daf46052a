import { FileText } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";

/** PDF chat, document chat and the document workspace before documents are released. */
export function DocumentPlaceholder({
  title,
  description,
  upcoming,
}: {
  title: string;
  description: string;
  upcoming: readonly string[];
}) {
  return (
    <Page title={title} description={description}>
      <ComingSoon
        icon={FileText}
        title="Documents are not available yet"
        description="This document cannot be opened yet: document features arrive in a later release of this Nexus server."
        upcoming={upcoming}
      />
    </Page>
  );
}
