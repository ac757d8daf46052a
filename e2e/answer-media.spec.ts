import { askFromHome, finished, resetFakesAroundEachTest, turns } from "./support/answer-page.ts";
import { expect, test } from "./support/model-server.ts";

/** The images and videos beside an answer, and the one reading width of every turn. */
resetFakesAroundEachTest();

const YOUTUBE_ID = "dQw4w9WgXcQ";

test("a YouTube video plays inline in the privacy-enhanced player only after a click; a broken image leaves no tile", async ({
  page,
  context,
  modelServer,
}) => {
  const videos = modelServer.searxng.corpus.videos;
  modelServer.searxng.corpus.videos = [
    {
      url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      title: "Nexus in five minutes",
      thumbnail: `https://i.ytimg.com/vi/${YOUTUBE_ID}/hqdefault.jpg`,
      template: "videos.html",
      engine: "youtube",
    },
    ...(videos ?? []),
  ];
  // The player is a page, not an image: a blank one stands in for YouTube's.
  await context.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Player</title>",
    }),
  );
  // The second image is not an image: its tile goes.
  const images = modelServer.searxng.corpus.images ?? [];
  modelServer.searxng.corpus.images = images.map((item, i) =>
    i === 1
      ? { ...item, thumbnail_src: `${modelServer.searxng.url}/image_proxy?u=broken.jpg` }
      : item,
  );
  try {
    await askFromHome(page, "Show me a video about Nexus");
    const turn = turns(page).first();
    await finished(turn);
    const media = turn.getByTestId("media-panel");
    await expect(media.getByRole("heading", { name: "Images and videos" })).toBeVisible();
    await expect(media.getByRole("link", { name: /^Image/ })).toHaveCount(3);
    await expect(media.getByRole("link", { name: "Image: Image 2" })).toHaveCount(0);

    // Nothing of YouTube's is loaded before the click.
    await expect(page.locator("iframe")).toHaveCount(0);
    await media.getByRole("button", { name: "Play video: Nexus in five minutes" }).click();
    const player = media.locator("iframe");
    await expect(player).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0`,
    );
    await expect(player).toHaveAttribute("title", "Nexus in five minutes");
    expect(page.url(), "the page stayed on the answer").toContain("/app/search/");
    // A video from elsewhere still links to its page.
    await expect(media.getByRole("link", { name: /Video 1/ })).toHaveAttribute(
      "href",
      "https://video.example.org/watch?v=1",
    );
  } finally {
    modelServer.searxng.corpus.videos = videos ?? [];
    modelServer.searxng.corpus.images = images;
  }
});

test("every turn of a thread reads at the same width, with or without images", async ({
  page,
  modelServer,
}) => {
  await askFromHome(page, "First question, with images");
  await finished(turns(page).first());
  const { images, videos } = modelServer.searxng.corpus;
  modelServer.searxng.corpus.images = [];
  modelServer.searxng.corpus.videos = [];
  try {
    const box = page.getByRole("textbox", { name: "Ask a follow-up" });
    await box.fill("Second question, without images");
    await box.press("Enter");
    const second = turns(page).nth(1);
    await finished(second);
    await expect(second.getByTestId("media-panel")).toHaveCount(0);
    const widths: number[] = [];
    for (const turn of await turns(page).all()) {
      const markdown = await turn.getByTestId("answer-markdown").boundingBox();
      widths.push(Math.round(markdown?.width ?? 0));
    }
    expect(widths[1]).toBe(widths[0]);
    // About 70–80 characters of 15 px text per line, not the whole page.
    expect(widths[0]).toBeGreaterThan(560);
    expect(widths[0]).toBeLessThanOrEqual(740);
  } finally {
    modelServer.searxng.corpus.images = images ?? [];
    modelServer.searxng.corpus.videos = videos ?? [];
  }
});
