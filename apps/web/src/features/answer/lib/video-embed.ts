/** The privacy-enhanced YouTube player: no cookies until the video plays (the CSP's frame-src). */
export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const PATH_ID = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/;

function youtubeId(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1];
  else if (YOUTUBE_HOSTS.has(host))
    id = url.pathname === "/watch" ? url.searchParams.get("v") : PATH_ID.exec(url.pathname)?.[1];
  return id && VIDEO_ID.test(id) ? id : null;
}

/**
 * Where a found video can play inside the page: a YouTube video (by its page or its embed URL) in
 * the privacy-enhanced player, started by the click that loads it. Anything else: null (the
 * tile links to the video's page instead).
 */
export function videoEmbedUrl(video: {
  url: string;
  embedUrl?: string | undefined;
}): string | null {
  const id = youtubeId(video.url) ?? youtubeId(video.embedUrl);
  return id ? `${VIDEO_EMBED_ORIGIN}/embed/${id}?autoplay=1&rel=0` : null;
}
