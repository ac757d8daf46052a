import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { paths } from "@/config/paths.ts";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";

/** /book-demo and /contact (same page). The lead form arrives in a later release. */
export function BookDemoRoute() {
  return (
    <PublicPage
      eyebrow="For organisations"
      title="Book a demo"
      intro="See how Nexus fits your team: self-hosting, model and search choices, and Pro accounts for heavy users."
    >
      <ComingSoon
        icon={Building2}
        title="The request form is on its way"
        description="Soon you can tell us about your organisation here and we will get back to you. Pro accounts are granted by the administrator of your Nexus server."
        upcoming={[
          "Your name, work e-mail, company and team size",
          "Cloud or self-hosted deployment preference",
          "A message about what you want to achieve",
        ]}
      >
        <Link to={paths.app.root.href()} className={buttonClasses({ variant: "outline" })}>
          Try Nexus now
        </Link>
      </ComingSoon>
    </PublicPage>
  );
}
