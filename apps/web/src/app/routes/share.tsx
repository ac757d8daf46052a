import { Link2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { paths } from "@/config/paths.ts";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";

/** /share/:shareId: shared answers and threads arrive in a later release. */
export function ShareRoute() {
  return (
    <PublicPage eyebrow="Shared from Nexus" title="Shared answer">
      <ComingSoon
        icon={Link2}
        title="Shared pages are not available yet"
        description="This Nexus server cannot show shared answers or conversations yet. Once sharing is released, links like this one open a read-only copy with its sources."
      >
        <Link to={paths.app.root.href()} className={buttonClasses()}>
          Ask Nexus your own question
        </Link>
      </ComingSoon>
    </PublicPage>
  );
}
