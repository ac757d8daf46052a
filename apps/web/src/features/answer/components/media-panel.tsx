import type { AnswerImage, AnswerVideo } from "@nexus/contracts";
import { clsx } from "clsx";
import { Play } from "lucide-react";
import { useState } from "react";
import { isHttpUrl } from "./source-card.tsx";

function Thumbnail({ src, className }: { src: string | undefined; className: string }) {
  const [failed, setFailed] = useState(false);
  if (!isHttpUrl(src) || failed) return <span aria-hidden="true" className={className} />;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}

const LINK_FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** An image thumbnail linking to its page; gone when the image does not load. */
// Phones: one row that scrolls sideways (no orphans under a short grid); wide screens: a grid in
// the column beside the answer.
const STRIP =
  "-mx-1 flex gap-2 overflow-x-auto overscroll-x-contain px-1 pb-1 lg:grid lg:overflow-visible lg:pb-0";

function ImageItem({ image, index }: { image: AnswerImage; index: number }) {
  const [failed, setFailed] = useState(false);
  const src = image.thumbnailUrl ?? image.url;
  if (failed || !isHttpUrl(src)) return null;
  const href = isHttpUrl(image.pageUrl) ? image.pageUrl : image.url;
  return (
    <li className="w-28 shrink-0 sm:w-32 lg:w-auto">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        aria-label={image.title ? `Image: ${image.title}` : `Image ${index + 1}`}
        className={`block overflow-hidden rounded-lg border border-border bg-surface-2 ${LINK_FOCUS}`}
      >
        <img
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
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
}: {
  images: readonly AnswerImage[];
  videos: readonly AnswerVideo[];
  className?: string;
}) {
  const shownImages = images.filter((image) => isHttpUrl(image.thumbnailUrl ?? image.url));
  const shownVideos = videos.filter((video) => isHttpUrl(video.url));
  if (shownImages.length === 0 && shownVideos.length === 0) return null;
  return (
    <aside
      aria-label="Images and videos"
      data-testid="media-panel"
      className={clsx("flex min-w-0 flex-col gap-3 lg:gap-4", className)}
    >
      {shownImages.length > 0 ? (
        <section aria-label="Images">
          <ul className={clsx(STRIP, "lg:grid-cols-2")}>
            {shownImages.slice(0, 6).map((image, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once streamed; urls may repeat
              <ImageItem key={index} image={image} index={index} />
            ))}
          </ul>
        </section>
      ) : null}
      {shownVideos.length > 0 ? (
        <section aria-label="Videos">
          <ul className={clsx(STRIP, "lg:grid-cols-1")}>
            {shownVideos.slice(0, 4).map((video, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once streamed; urls may repeat
              <li key={index} className="w-52 shrink-0 lg:w-auto">
                <a
                  href={video.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className={`group block overflow-hidden rounded-lg border border-border bg-surface ${LINK_FOCUS}`}
                >
                  <span className="relative block">
                    <Thumbnail
                      src={video.thumbnailUrl}
                      className="block aspect-video w-full bg-surface-2 object-cover"
                    />
                    <Play
                      className="absolute inset-0 m-auto size-8 rounded-full bg-black/60 p-2 text-white"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="line-clamp-2 p-2 text-xs font-medium break-words text-fg">
                    {video.title ?? video.url}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
