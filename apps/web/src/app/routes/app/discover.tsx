import { Compass } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";

export function DiscoverRoute() {
  return (
    <Page title="Discover" description="Stories and topics worth reading, with sources.">
      <ComingSoon
        icon={Compass}
        title="Discover is not available yet"
        description="A feed of topics to explore arrives in a later release of this Nexus server."
        upcoming={["Topics by category", "A one-click deeper answer for any story"]}
      />
    </Page>
  );
}
