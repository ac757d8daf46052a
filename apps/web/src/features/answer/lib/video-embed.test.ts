import { describe, expect, it } from "vitest";
import { videoEmbedUrl } from "./video-embed.ts";

const EMBED = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0";

describe("videoEmbedUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  ])("plays %s in the privacy-enhanced player", (url) => {
    expect(videoEmbedUrl({ url })).toBe(EMBED);
  });

  it("uses the embed URL when the page URL is not YouTube's", () => {
    expect(
      videoEmbedUrl({
        url: "https://search.example/v/1",
        embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      }),
    ).toBe(EMBED);
  });

  it.each([
    "https://video.example.org/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/channel/UCxxxxxxxxxx",
    "not a url",
  ])("leaves %s as a link", (url) => {
    expect(videoEmbedUrl({ url, embedUrl: "https://video.example.org/embed/1" })).toBeNull();
  });
});
