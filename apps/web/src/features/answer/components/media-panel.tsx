import type { AnswerImage, AnswerVideo } from "@nexus/contracts";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { isHttpUrl } from "@/components/chat/source-card.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { proxiedImageSrc } from "@/lib/image-proxy.ts";
import { VideoTile } from "./video-tile.tsx";

const LINK_FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** An image thumbnail linking to its page; gone when the image does not load. */
// Phones: one row that scrolls sideways (no orphans under a short grid); wide screens: a grid in
// the column beside the answer.
const STRIP =
  "-mx-1 flex gap-2 overflow-x-auto overscroll-x-contain px-1 pb-1 lg:grid lg:overflow-visible lg:pb-0";

function ImageItem({
  image,
  index,
  onFailed,
}: {
  image: AnswerImage;
  index: number;
  onFailed: () => void;
}) {
  // Only the server's signed image proxy URL is loaded (never the origin's own address).
  const t = useT();
  const src = proxiedImageSrc(image.thumbnailUrl);
  if (!src) return null;
  const href = isHttpUrl(image.pageUrl) ? image.pageUrl : image.url;
  return (
    <li className="w-28 shrink-0 sm:w-32 lg:w-auto">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        aria-label={
          image.title
            ? t("answer.imageOf", { title: image.title })
            : t("answer.imageN", { n: index + 1 })
        }
        className={`block overflow-hidden rounded-lg border border-border bg-surface-2 ${LINK_FOCUS}`}
      >
        <img
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={onFailed}
          className="aspect-square w-full object-cover"
        />
      </a>
    </li>
  );
}

/** Images and videos found with the sources: beside the answer on wide screens, below on phones. */
export function MediaPanel({
  images,
  videos,
  className,
  heading: Heading = "h2",
}: {
  images: readonly AnswerImage[];
  videos: readonly AnswerVideo[];
  className?: string;
  /** One level below the turn's question. */
  heading?: "h2" | "h3";
}) {
  // An image that does not load takes its tile with it (and the panel, when none is left).
  const t = useT();
  const [failed, setFailed] = useState<ReadonlySet<AnswerImage>>(() => new Set());
  // Keyed by the position in the streamed list (fixed once streamed; urls may repeat).
  const shownImages = images
    .map((image, position) => ({ image, position }))
    .filter(({ image }) => !failed.has(image) && proxiedImageSrc(image.thumbnailUrl) !== null);
  const shownVideos = videos.filter((video) => isHttpUrl(video.url));
  const headingId = useId();
  if (shownImages.length === 0 && shownVideos.length === 0) return null;
  return (
    <aside
      aria-labelledby={headingId}
      data-testid="media-panel"
      className={clsx("flex min-w-0 flex-col gap-3", className)}
    >
      <Heading id={headingId} className="text-sm font-semibold text-fg">
        {shownImages.length === 0
          ? t("answer.videos")
          : shownVideos.length === 0
            ? t("answer.images")
            : t("answer.imagesAndVideos")}
      </Heading>
      {shownImages.length > 0 ? (
        <section aria-label={t("answer.images")}>
          <ul className={clsx(STRIP, "lg:grid-cols-2")}>
            {shownImages.slice(0, 6).map(({ image, position }) => (
              <ImageItem
                key={position}
                image={image}
                index={position}
                onFailed={() => setFailed((before) => new Set(before).add(image))}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {shownVideos.length > 0 ? (
        <section aria-label={t("answer.videos")}>
          <ul className={clsx(STRIP, "lg:grid-cols-1")}>
            {shownVideos.slice(0, 4).map((video, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once streamed; urls may repeat
              <li key={index} className="w-52 shrink-0 lg:w-auto">
                <VideoTile video={video} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
