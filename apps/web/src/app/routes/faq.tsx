import { CircleHelp } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { paths } from "@/config/paths.ts";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";

export function FaqRoute() {
  return (
    <PublicPage title="Frequently asked questions" intro="Answers about using and hosting Nexus.">
      <ComingSoon
        icon={CircleHelp}
        title="The FAQ is being written"
        description="Questions and answers about accounts, limits, privacy and self-hosting will be published here."
      >
        <Link to={paths.contact.href()} className={buttonClasses({ variant: "outline" })}>
          Contact us
        </Link>
      </ComingSoon>
    </PublicPage>
  );
}
