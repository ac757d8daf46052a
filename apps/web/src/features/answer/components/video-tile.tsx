import type { AnswerVideo } from "@nexus/contracts";
import { Play } from "lucide-react";
import { useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { proxiedImageSrc } from "@/lib/image-proxy.ts";
import { videoEmbedUrl } from "../lib/video-embed.ts";

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The thumbnail with a play mark; when the image does not load, only the mark (no empty box). */
function Poster({ src }: { src: string | undefined }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const proxied = proxiedImageSrc(src);
  if (!proxied || failed) {
    return (
      <span className="flex items-center gap-1.5 px-2 pt-2 text-xs text-muted">
        <Play className="size-4 rounded-full bg-surface-2 p-0.5" aria-hidden="true" />
        {t("answer.video")}
      </span>
    );
  }
  return (
    <span className="relative block">
      <img
        src={proxied}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="block aspect-video w-full bg-surface-2 object-cover"
      />
      <Play
        className="absolute inset-0 m-auto size-8 rounded-full bg-black/60 p-2 text-white"
        aria-hidden="true"
      />
    </span>
  );
}

/**
 * A found video. A YouTube video plays here, in the privacy-enhanced player, which is loaded only
 * when the person clicks Play (a light poster until then); any other video links to its page.
 */
export function VideoTile({ video }: { video: AnswerVideo }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const embed = videoEmbedUrl(video);
  const title = video.title ?? video.url;
  const caption = <span className="line-clamp-2 p-2 text-xs font-medium break-words">{title}</span>;
  const frame = "block overflow-hidden rounded-lg border border-border bg-surface text-fg";

  if (embed && playing) {
    return (
      <div className={frame} data-testid="video-player">
        <iframe
          src={embed}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          className="block aspect-video w-full bg-black"
        />
        {caption}
      </div>
    );
  }
  if (embed) {
    return (
      <button
        type="button"
        aria-label={t("answer.playVideo", { title })}
        onClick={() => setPlaying(true)}
        className={`${frame} w-full text-left hover:bg-surface-2 ${FOCUS}`}
      >
        <Poster src={video.thumbnailUrl} />
        {caption}
      </button>
    );
  }
  return (
    <a
      href={video.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={`${frame} hover:bg-surface-2 ${FOCUS}`}
    >
      <Poster src={video.thumbnailUrl} />
      {caption}
    </a>
  );
}
