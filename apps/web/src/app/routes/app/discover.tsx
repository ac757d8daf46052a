import { DEFAULT_DISCOVER_TOPIC, type DiscoverTopic, isDiscoverTopic } from "@nexus/contracts";
import { useSearchParams } from "react-router";
import { Page } from "@/components/ui/page.tsx";
import { DiscoverFeed } from "@/features/discover/components/discover-feed.tsx";

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
    <Page
      title="Discover"
      description="Stories worth reading by topic. Ask about any of them."
      width="wide"
    >
      <DiscoverFeed topic={topic} onTopicChange={choose} />
    </Page>
  );
}
