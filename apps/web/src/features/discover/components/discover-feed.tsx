import {
  DISCOVER_TOPICS,
  type DiscoverResponse,
  type DiscoverTopic,
  MESSAGES,
} from "@nexus/contracts";
import { BookOpen, Newspaper, RefreshCw } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { FirstViewEach, FirstViewIf, firstViewMarker } from "@/lib/first-view-markers.tsx";
import { t, useLocale, useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { useDiscover } from "../api/get-discover.ts";
import { DiscoverCard, DiscoverCardSkeleton, FIRST_VIEW_CARD } from "./discover-card.tsx";
import { TOPIC_PANEL_ID, TopicTabs, topicTabId } from "./topic-tabs.tsx";

const PROVIDER_NAMES: Record<Exclude<DiscoverResponse["provider"], "local">, string> = {
  searxng: "SearXNG",
  tavily: "Tavily",
  brave: "Brave Search",
};
const providerName = (provider: DiscoverResponse["provider"]) =>
  provider === "local" ? t("discover.builtInBase") : PROVIDER_NAMES[provider];

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

function LoadingGrid() {
  return (
    <div data-testid="discover-loading">
      <span role="status" className="sr-only">
        {MESSAGES.loading}
      </span>
      <div className={GRID}>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <DiscoverCardSkeleton key={n} />
        ))}
      </div>
    </div>
  );
}

function DiscoverOfflineBadge() {
  const t = useT();
  return (
    <OfflineBadge
      label={t("discover.offlineLabel")}
      explanation={t("discover.offlineExplanation")}
      testId="discover-offline-badge"
      size="md"
    />
  );
}
const offlineBadge = <DiscoverOfflineBadge />;

function StatusLine({ badge, status }: { badge: ReactNode; status: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-subtle">
      {badge}
      <p data-testid="discover-status">{status}</p>
    </div>
  );
}

const statusText = (offline: boolean, provider: DiscoverResponse["provider"], time: string) =>
  t("discover.status", { offline: offline ? "yes" : "no", provider: providerName(provider), time });

function FeedStatus({ feed, now }: { feed: DiscoverResponse; now: Date }) {
  useT();
  return (
    <StatusLine
      badge={feed.offline ? offlineBadge : null}
      status={statusText(feed.offline, feed.provider, formatRelativeTime(feed.refreshedAt, now))}
    />
  );
}

/** /app/discover: topic tabs over a grid of stories (or curated guides), each one askable. */
export function DiscoverFeed({
  topic,
  onTopicChange,
}: {
  topic: DiscoverTopic;
  onTopicChange: (topic: DiscoverTopic) => void;
}) {
  useT();
  const locale = useLocale();
  const discover = useDiscover(topic);
  const label = t(`discover.topic.${topic}`);
  // In a sentence a topic is a common noun (German capitalises its nouns).
  const inSentence = locale === "de" ? label : label.toLowerCase();
  const fetchedAt = discover.dataUpdatedAt;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);

  let body: ReactNode;
  if (discover.isPending) {
    body = <LoadingGrid />;
  } else if (discover.isError) {
    body = (
      <Alert
        kind="error"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void discover.refetch()}
            disabled={discover.isFetching}
          >
            <RefreshCw className="size-3.5" aria-hidden="true" />
            {t("common.retry")}
          </Button>
        }
      >
        <span data-testid="discover-error">
          {t("discover.loadFailed", { topic: label })} {errorMessage(discover.error)}
        </span>
      </Alert>
    );
  } else {
    const feed = discover.data;
    const withMedia = feed.items.some((item) => item.imageUrl);
    body = (
      <>
        <FeedStatus feed={feed} now={now} />
        {feed.items.length === 0 ? (
          feed.offline ? (
            <EmptyState
              icon={BookOpen}
              title={t("discover.noGuides", { topic: label })}
              description={t("discover.noGuidesText")}
              testId="discover-empty"
            />
          ) : (
            <EmptyState
              icon={Newspaper}
              title={t("discover.noStories", { topic: inSentence })}
              description={t("discover.noStoriesText")}
              testId="discover-empty"
            >
              <Button
                variant="outline"
                onClick={() => void discover.refetch()}
                disabled={discover.isFetching}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                {t("discover.checkAgain")}
              </Button>
            </EmptyState>
          )
        ) : (
          <div className={GRID} data-testid="discover-grid">
            {feed.items.map((item) => (
              <DiscoverCard
                key={item.id}
                item={item}
                offline={feed.offline}
                now={now}
                withMedia={withMedia}
              />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <TopicTabs value={topic} onChange={onTopicChange} />
      <section
        id={TOPIC_PANEL_ID}
        role="tabpanel"
        aria-labelledby={topicTabId(topic)}
        aria-busy={discover.isPending}
        data-topic={topic}
      >
        {body}
      </section>
    </div>
  );
}

/**
 * The server's first view of the feed (src/app/first-views.tsx): the topic's tabs (the one of
 * `discoverTopic` chosen), the status line (`discoverOffline`, `discoverProvider`, its age
 * `discoverTime`) and a card per record of `discoverCards` (discover-card.tsx).
 */
export const DISCOVER_FIRST_VIEW_FIELDS = [
  "discoverTopic",
  "discoverProvider",
  "discoverTime",
  FIRST_VIEW_CARD,
] as const;

export function DiscoverFeedFirstView() {
  useT();
  const topic = firstViewMarker("discoverTopic") as DiscoverTopic;
  const time = firstViewMarker("discoverTime");
  const providers = ["local", ...Object.keys(PROVIDER_NAMES)] as DiscoverResponse["provider"][];
  const item = { id: "", title: "", summary: "", url: "", source: "" };
  return (
    <div className="flex flex-col gap-5">
      {DISCOVER_TOPICS.map((one) => (
        <FirstViewIf key={one} when={`discoverTopic=${one}`}>
          <TopicTabs value={one} onChange={() => undefined} />
        </FirstViewIf>
      ))}
      <section
        id={TOPIC_PANEL_ID}
        role="tabpanel"
        aria-labelledby={topicTabId(topic)}
        aria-busy={false}
        data-topic={topic}
      >
        <StatusLine
          badge={<FirstViewIf when="discoverOffline">{offlineBadge}</FirstViewIf>}
          status={providers.map((provider) => (
            <FirstViewIf key={provider} when={`discoverProvider=${provider}`}>
              {statusText(provider === "local", provider, time)}
            </FirstViewIf>
          ))}
        />
        <div className={GRID} data-testid="discover-grid">
          <FirstViewEach field={FIRST_VIEW_CARD}>
            <DiscoverCard
              item={item}
              offline={false}
              now={new Date(0)}
              withMedia={false}
              firstView
            />
          </FirstViewEach>
        </div>
      </section>
    </div>
  );
}
