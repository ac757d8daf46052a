import { clsx } from "clsx";
import { CircleStop } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";

/**
 * The page column of every chat: one reading measure (61ch of the page's 16 px text) at the centre,
 * at least a screen tall so the composer sits at the bottom.
 */
export function ChatColumn({
  className,
  mediaRail,
  children,
}: {
  className?: string;
  /** Marks the column for turns that keep a media rail beside them (data-media-rail). */
  mediaRail?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      data-media-rail={mediaRail ? "" : undefined}
      className={clsx(
        "mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full max-w-[calc(61ch+3rem)] flex-col px-4 pt-8 sm:px-6 md:min-h-dvh lg:pt-10",
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The conversation: its turns top to bottom. With `scrollKey`, a change of it (a new message)
 * scrolls the end of the list into view; without, the page keeps its scroll (the answer page pins
 * the new question itself).
 */
export function ChatMessageList({
  listRef,
  testId,
  className,
  scrollKey,
  children,
}: {
  listRef?: Ref<HTMLDivElement>;
  testId?: string;
  /** The gap between turns ("gap-6"). */
  className?: string;
  scrollKey?: number;
  children: ReactNode;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollKey !== undefined && scrollKey > 0) {
      endRef.current?.scrollIntoView?.({ block: "end" });
    }
  }, [scrollKey]);
  return (
    <div ref={listRef} data-testid={testId} className={clsx("flex flex-col pb-4", className)}>
      {children}
      {scrollKey !== undefined ? <div ref={endRef} aria-hidden="true" /> : null}
    </div>
  );
}

/** One turn of the conversation (a question's answer, an agent's reply): busy while it streams. */
export function ChatTurn({
  testId,
  busy,
  className,
  children,
}: {
  testId: string;
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <article data-testid={testId} aria-busy={busy} className={className}>
      {children}
    </article>
  );
}

const SKELETON_LINES = ["w-full", "w-11/12", "w-3/4"] as const;

/** Lines standing in for a reply that has not begun (hidden from assistive technology). */
export function TurnSkeleton({
  lines = SKELETON_LINES,
  testId,
}: {
  /** The lines' widths. */
  lines?: readonly string[];
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true" data-testid={testId}>
      {lines.map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines
        <Skeleton key={index} className={clsx("h-4", width)} />
      ))}
    </div>
  );
}

/** "Stopped" (or another reason a reply ended early) under a reply, with an optional action. */
export function StoppedNote({
  testId,
  children = "Stopped",
  action,
}: {
  testId?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div data-testid={testId} className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <CircleStop className="size-4" aria-hidden="true" />
      <span>{children}</span>
      {action}
    </div>
  );
}
