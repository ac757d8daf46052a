import { DISCOVER_TOPICS, type DiscoverTopic } from "@nexus/contracts";
import { clsx } from "clsx";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

export const topicTabId = (topic: DiscoverTopic) => `discover-tab-${topic}`;
export const TOPIC_PANEL_ID = "discover-panel";

/**
 * The topics as a tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move
 * between tabs and choose them; only the chosen tab is in the tab order.
 */
export function TopicTabs({
  value,
  onChange,
}: {
  value: DiscoverTopic;
  onChange: (topic: DiscoverTopic) => void;
}) {
  const t = useT();
  const refs = useRef(new Map<DiscoverTopic, HTMLButtonElement>());
  const mounted = useRef(false);
  // On a narrow screen the list scrolls sideways: keep the chosen tab in view. The first tab is in
  // view as the page opens: scrolling to it then forced a layout of the whole page (~20 ms of main
  // thread on /app/discover, Lighthouse's forced-reflow audit) for nothing.
  useEffect(() => {
    const opening = !mounted.current;
    mounted.current = true;
    if (opening && value === DISCOVER_TOPICS[0]) return;
    refs.current.get(value)?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [value]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = DISCOVER_TOPICS.indexOf(value);
    const last = DISCOVER_TOPICS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (current + 1) % DISCOVER_TOPICS.length
        : event.key === "ArrowLeft"
          ? (current + last) % DISCOVER_TOPICS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    const topic = DISCOVER_TOPICS[next];
    if (!topic) return;
    event.preventDefault();
    onChange(topic);
    refs.current.get(topic)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t("discover.topics")}
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
    >
      {DISCOVER_TOPICS.map((topic) => {
        const selected = topic === value;
        return (
          <button
            key={topic}
            ref={(element) => {
              if (element) refs.current.set(topic, element);
              else refs.current.delete(topic);
            }}
            id={topicTabId(topic)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={TOPIC_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(topic)}
            className={clsx(
              "-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
              "focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
              selected
                ? "border-accent text-fg"
                : "border-transparent text-muted hover:border-border hover:text-fg",
            )}
          >
            {t(`discover.topic.${topic}`)}
          </button>
        );
      })}
    </div>
  );
}
