import { Link2 } from "lucide-react";
import { Section } from "@/components/ui/page.tsx";

/** Managing share links arrives with sharing. */
export function ShareLinksSection() {
  return (
    <Section
      id="share-links"
      title="Share links"
      description="Links you created to share answers and conversations."
    >
      <div className="flex items-start gap-3 rounded-xl bg-surface-2 p-4 text-sm text-muted">
        <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          Sharing is not available yet. Once it is, every link you create is listed here and can be
          revoked at any time.
        </p>
      </div>
    </Section>
  );
}
