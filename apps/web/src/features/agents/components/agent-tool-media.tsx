import {
  fileViewUrl,
  type GenerateImageToolOutput,
  type YoutubeTranscriptToolOutput,
} from "@nexus/contracts";
import { ImageIcon, TriangleAlert, TvMinimalPlay } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { ToolDetails, type ToolPartLike, ToolRow } from "./agent-tool-row.tsx";

/** Characters of a transcript shown behind its disclosure (the model had all of it). */
const EXCERPT_CHARS = 600;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function stringField(value: unknown, field: string): string {
  return isRecord(value) && typeof value[field] === "string" ? value[field] : "";
}

/**
 * Only a file's own routes are shown as an image or linked (never a URL from elsewhere): its
 * /view (inline, owner-only), or /download in replies saved before /view existed.
 */
const FILE_URL =
  /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(?:view|download)$/i;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

type ShownImage = GenerateImageToolOutput["images"][number];

/** The output's images, each shown through its file's inline route. */
function imagesOf(output: unknown): ShownImage[] {
  if (!isRecord(output) || !Array.isArray(output.images)) return [];
  return output.images
    .filter(
      (image): image is ShownImage =>
        isRecord(image) &&
        typeof image.fileId === "string" &&
        typeof image.url === "string" &&
        FILE_URL.exec(image.url)?.[1]?.toLowerCase() === image.fileId.toLowerCase(),
    )
    .map((image) => ({ ...image, url: fileViewUrl(image.fileId) }));
}

const dimension = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;

/** Where a tool part is: its result, its error, still running, or ended without a result. */
function phaseOf(part: ToolPartLike, running: boolean) {
  const state = part.state ?? "input-available";
  if (state === "output-available") return "done" as const;
  if (state === "output-error" || state === "output-denied") return "error" as const;
  return running ? ("running" as const) : ("interrupted" as const);
}

function MediaError({ text, fallback }: { text: string; fallback: string }) {
  return (
    <ToolRow
      tone="warning"
      running={false}
      icon={<TriangleAlert className="size-4 text-warning" aria-hidden="true" />}
    >
      {text.trim() || fallback}
    </ToolRow>
  );
}

/**
 * A generate-image call: "Generating an image…" while it runs, then the image(s) inline with a
 * link to the full size, or the error. `running`: the reply is still streaming (a call it ended
 * without no longer runs).
 */
export function GenerateImageToolPart({ part, running }: { part: ToolPartLike; running: boolean }) {
  const t = useT();
  const phase = phaseOf(part, running);
  const icon = <ImageIcon className="size-4" aria-hidden="true" />;
  if (phase === "error")
    return <MediaError text={part.errorText ?? ""} fallback={t("toolCall.image.failed")} />;
  const prompt = stringField(part.output, "prompt") || stringField(part.input, "prompt");
  if (phase !== "done") {
    return (
      <ToolRow running={phase === "running"} icon={icon}>
        {phase === "running" ? t("toolCall.image.running") : t("toolCall.image.interrupted")}
      </ToolRow>
    );
  }
  const images = imagesOf(part.output);
  if (images.length === 0) {
    return (
      <ToolRow running={false} icon={icon}>
        {t("toolCall.image.none")}
      </ToolRow>
    );
  }
  return (
    <ToolRow running={false} icon={icon}>
      <p>{t("toolCall.image.done", { count: images.length })}</p>
      <div className="mt-2 flex flex-col gap-3">
        {images.map((image) => {
          const width = dimension(image.width);
          const height = dimension(image.height);
          return (
            <figure key={image.fileId} className="flex max-w-md flex-col gap-1.5">
              <img
                src={image.url}
                alt={prompt || t("toolCall.image.alt")}
                loading="lazy"
                decoding="async"
                {...(width && height ? { width, height } : {})}
                className="h-auto w-full rounded-xl border border-border bg-surface-2 object-contain"
              />
              <figcaption>
                <a
                  href={image.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-fg underline-offset-2 hover:text-accent hover:underline"
                >
                  {t("toolCall.image.fullSize")}
                </a>
                {width && height ? (
                  <span className="text-subtle">
                    {" "}
                    · {width}×{height}
                  </span>
                ) : null}
              </figcaption>
            </figure>
          );
        })}
      </div>
    </ToolRow>
  );
}

function transcriptOf(output: unknown): Partial<YoutubeTranscriptToolOutput> {
  return {
    videoId: stringField(output, "videoId"),
    title: stringField(output, "title"),
    language: stringField(output, "language"),
    text: stringField(output, "text"),
    truncated: isRecord(output) && output.truncated === true,
  };
}

/**
 * A youtube-transcript call: "Fetching the transcript…" while it runs, then which video's
 * transcript was read with an excerpt behind a disclosure, or the error. `running` as for
 * GenerateImageToolPart.
 */
export function YoutubeTranscriptToolPart({
  part,
  running,
}: {
  part: ToolPartLike;
  running: boolean;
}) {
  const t = useT();
  const phase = phaseOf(part, running);
  const icon = <TvMinimalPlay className="size-4" aria-hidden="true" />;
  if (phase === "error")
    return <MediaError text={part.errorText ?? ""} fallback={t("toolCall.transcript.failed")} />;
  if (phase !== "done") {
    return (
      <ToolRow running={phase === "running"} icon={icon}>
        {phase === "running"
          ? t("toolCall.transcript.running")
          : t("toolCall.transcript.interrupted")}
      </ToolRow>
    );
  }
  const transcript = transcriptOf(part.output);
  const title = transcript.title || t("toolCall.transcript.theVideo");
  const href =
    transcript.videoId && VIDEO_ID.test(transcript.videoId)
      ? `https://www.youtube.com/watch?v=${transcript.videoId}`
      : null;
  const text = transcript.text ?? "";
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text;
  const language = transcript.language ? (
    <span className="text-subtle"> · {transcript.language}</span>
  ) : null;
  const link = href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-fg underline-offset-2 hover:text-accent hover:underline"
    >
      {title}
    </a>
  ) : (
    <span className="text-fg">{title}</span>
  );
  if (!excerpt) {
    return (
      <ToolRow running={false} icon={icon}>
        {richT("toolCall.transcript.read", { title: link })}
        {language}
      </ToolRow>
    );
  }
  return (
    <ToolRow running={false} icon={icon}>
      <ToolDetails
        summary={
          <>
            {richT("toolCall.transcript.read", {
              title: <span className="text-fg">{title}</span>,
            })}
            {language}
          </>
        }
      >
        {href ? (
          <p className="mt-2 pl-3">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="text-fg underline-offset-2 hover:text-accent hover:underline"
            >
              {t("toolCall.transcript.open")}
            </a>
          </p>
        ) : null}
        <p
          data-testid="transcript-excerpt"
          className="mt-2 border-l border-border pl-3 whitespace-pre-line text-muted"
        >
          {excerpt}
        </p>
        {transcript.truncated ? (
          <p className="mt-1 pl-3 text-xs text-subtle">{t("toolCall.transcript.truncated")}</p>
        ) : null}
      </ToolDetails>
    </ToolRow>
  );
}
