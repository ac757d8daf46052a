import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GenerateImageToolPart, YoutubeTranscriptToolPart } from "./agent-tool-media.tsx";
import type { ToolPartLike } from "./agent-tool-part.tsx";

const FILE_ID = "0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42";
const FILE_URL = `/api/files/${FILE_ID}/view`;

function renderImage(part: ToolPartLike, running = true) {
  render(
    <GenerateImageToolPart
      part={{ toolCallId: "call-1", ...part, type: "tool-generate-image" } as ToolPartLike}
      running={running}
    />,
  );
  return screen.getByTestId("agent-tool");
}

function renderTranscript(part: ToolPartLike, running = true) {
  render(
    <YoutubeTranscriptToolPart
      part={{ toolCallId: "call-1", ...part, type: "tool-youtube-transcript" } as ToolPartLike}
      running={running}
    />,
  );
  return screen.getByTestId("agent-tool");
}

describe("GenerateImageToolPart", () => {
  it("says it is generating while the input streams and while the call runs", () => {
    expect(
      renderImage({ type: "tool-generate-image", state: "input-streaming" }),
    ).toHaveTextContent("Generating an image…");
  });

  it("shows the image inline with the prompt as its text alternative, and a full-size link", () => {
    const row = renderImage({
      type: "tool-generate-image",
      state: "output-available",
      input: { prompt: "a red fox" },
      output: {
        prompt: "a red fox in the snow",
        images: [
          { fileId: FILE_ID, url: FILE_URL, mediaType: "image/png", width: 1024, height: 1024 },
        ],
      },
    });
    expect(row).toHaveTextContent("Generated an image");
    const image = screen.getByRole("img", { name: "a red fox in the snow" });
    expect(image).toHaveAttribute("src", FILE_URL);
    expect(image).toHaveAttribute("width", "1024");
    expect(image.className).toContain("rounded");
    const link = screen.getByRole("link", { name: "Open full size" });
    expect(link).toHaveAttribute("href", FILE_URL);
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
    expect(row).toHaveTextContent("1024×1024");
    expect(row).not.toHaveTextContent("Generating");
  });

  it("counts several images and never shows an address that is not the file's own route", () => {
    const OLDER = "7a1d2c3b-0000-4000-8000-000000000000";
    const row = renderImage({
      type: "tool-generate-image",
      state: "output-available",
      output: {
        prompt: "two cats",
        images: [
          { fileId: FILE_ID, url: FILE_URL, mediaType: "image/png" },
          // Saved before /view existed: its download route, shown inline through /view.
          { fileId: OLDER, url: `/api/files/${OLDER}/download`, mediaType: "image/png" },
          // Another file's route than the image's own.
          { fileId: FILE_ID, url: `/api/files/${OLDER}/view`, mediaType: "image/png" },
          { fileId: "x", url: "https://evil.example/tracker.png", mediaType: "image/png" },
          { fileId: "y", url: "javascript:alert(1)", mediaType: "image/png" },
        ],
      },
    });
    expect(row).toHaveTextContent("Generated 2 images");
    const sources = screen.getAllByRole("img").map((img) => img.getAttribute("src"));
    expect(sources).toEqual([FILE_URL, `/api/files/${OLDER}/view`]);
    const links = screen.getAllByRole("link", { name: "Open full size" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(sources);
    // Without a size, none is claimed.
    expect(screen.getAllByRole("img")[0]).not.toHaveAttribute("width");
  });

  it("says so when the output has no image", () => {
    expect(
      renderImage({ type: "tool-generate-image", state: "output-available", output: {} }, false),
    ).toHaveTextContent("The image model sent no image.");
  });

  it("shows the error in a warning row", () => {
    const row = renderImage({
      type: "tool-generate-image",
      state: "output-error",
      input: { prompt: "a red fox" },
      errorText:
        "This server has no image model: the administrator sets IMAGE_MODEL (an images model on the LLM_BASE_URL server).",
    });
    expect(row).toHaveTextContent("This server has no image model");
    expect(row.className).toContain("border-warning");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("no longer runs once the reply stopped without its result", () => {
    expect(
      renderImage(
        { type: "tool-generate-image", state: "input-available", input: { prompt: "x" } },
        false,
      ),
    ).toHaveTextContent("Did not finish generating the image");
  });
});

const TRANSCRIPT = {
  videoId: "dQw4w9WgXcQ",
  title: "How tides work",
  language: "en",
  text: `[00:00] Hello and welcome. ${"The moon pulls the oceans. ".repeat(40)}THE END`,
  truncated: true,
};

describe("YoutubeTranscriptToolPart", () => {
  it("says it is fetching the transcript while it runs", () => {
    expect(
      renderTranscript({
        type: "tool-youtube-transcript",
        state: "input-available",
        input: { url: "https://youtu.be/dQw4w9WgXcQ" },
      }),
    ).toHaveTextContent("Fetching the transcript…");
  });

  it("names the video it read and shows an excerpt behind a disclosure", async () => {
    const user = userEvent.setup();
    const row = renderTranscript({
      type: "tool-youtube-transcript",
      state: "output-available",
      input: { url: "https://youtu.be/dQw4w9WgXcQ" },
      output: TRANSCRIPT,
    });
    expect(row).toHaveTextContent("Read the transcript of “How tides work” · en");
    const details = row.querySelector("details");
    expect(details).not.toHaveAttribute("open");
    await user.click(screen.getByText(/Read the transcript of/));
    expect(details).toHaveAttribute("open");
    const excerpt = screen.getByTestId("transcript-excerpt");
    expect(excerpt).toHaveTextContent("[00:00] Hello and welcome.");
    expect(excerpt.textContent?.endsWith("…")).toBe(true);
    expect(excerpt).not.toHaveTextContent("THE END");
    expect(screen.getByRole("link", { name: "Open the video on YouTube" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    expect(row).toHaveTextContent("the agent read its beginning");
  });

  it("links the title when there is no text to show, and no link for a bad video id", () => {
    renderTranscript(
      {
        type: "tool-youtube-transcript",
        state: "output-available",
        output: { ...TRANSCRIPT, text: "", truncated: false },
      },
      false,
    );
    expect(screen.getByRole("link", { name: "How tides work" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
  });

  it("shows no link for a video id that is not one", () => {
    renderTranscript({
      type: "tool-youtube-transcript",
      state: "output-available",
      output: { ...TRANSCRIPT, videoId: "x/../../evil", text: "" },
    });
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByTestId("agent-tool")).toHaveTextContent("How tides work");
  });

  it("shows the error in a warning row", () => {
    const row = renderTranscript({
      type: "tool-youtube-transcript",
      state: "output-error",
      errorText:
        "YouTube did not give a transcript for this video (it often refuses servers). Paste the transcript or the text here and I will summarise it.",
    });
    expect(row).toHaveTextContent("YouTube did not give a transcript");
    expect(row.className).toContain("border-warning");
  });

  it("no longer runs once the reply stopped without its result", () => {
    expect(
      renderTranscript({ type: "tool-youtube-transcript", state: "input-available" }, false),
    ).toHaveTextContent("Did not finish fetching the transcript");
  });
});
