import { DEFAULT_DISCOVER_TOPIC, type DiscoverTopic, isDiscoverTopic } from "@nexus/contracts";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Page } from "@/components/ui/page.tsx";
import { DiscoverFeed } from "@/features/discover/components/discover-feed.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** /app/discover?topic=: public; the chosen topic lives in the URL (an unknown one shows the default). */
export function DiscoverRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("topic");
  const topic = isDiscoverTopic(requested) ? requested : DEFAULT_DISCOVER_TOPIC;
  const choose = (next: DiscoverTopic) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.set("topic", next);
        return copy;
      },
      { replace: true },
    );
  return (
    <DiscoverPage>
      <DiscoverFeed topic={topic} onTopicChange={choose} />
    </DiscoverPage>
  );
}

/** Discover's page (also the server's first view of /app/discover). */
export function DiscoverPage({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Page title={t("discover.title")} description={t("discover.description")} width="wide">
      {children}
    </Page>
  );
}
