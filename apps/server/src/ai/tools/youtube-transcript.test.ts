import http from "node:http";
import type { AddressInfo } from "node:net";
import type { YoutubeTranscriptToolOutput } from "@nexus/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseStream, partOf, textOf } from "../../modules/answer/answer-test-kit.ts";
import {
  captionTracksOf,
  decodeEntities,
  NO_TRANSCRIPT,
  NOT_A_VIDEO,
  parseTimedText,
  pickTrack,
  playerResponseOf,
  timedTextUrl,
  timestamp,
  transcriptText,
  videoTitleOf,
  youtubeVideoOf,
} from "./youtube-transcript.ts";

const VIDEO = "dQw4w9WgXcQ";

/** A trimmed watch page as YouTube serves it: the player response in a script, among others. */
function watchPage(options: { timedTextBase: string; captions?: boolean }): string {
  const player = {
    responseContext: { serviceTrackingParams: [{ service: "GFEEDBACK" }] },
    playabilityStatus: { status: "OK", playableInEmbed: true },
    videoDetails: {
      videoId: VIDEO,
      title: 'How tides work {explained} — "in 5 minutes"',
      lengthSeconds: "312",
      shortDescription: "Why are there two tides a day? }{ braces in strings",
    },
    ...(options.captions === false
      ? {}
      : {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: [
                {
                  baseUrl: `${options.timedTextBase}/api/timedtext?v=${VIDEO}\u0026caps=asr\u0026lang=de\u0026fmt=srv3`,
                  name: { simpleText: "German" },
                  vssId: ".de",
                  languageCode: "de",
                  isTranslatable: true,
                },
                {
                  baseUrl: `${options.timedTextBase}/api/timedtext?v=${VIDEO}\u0026caps=asr\u0026kind=asr\u0026lang=en`,
                  name: { runs: [{ text: "English (auto-generated)" }] },
                  vssId: "a.en",
                  languageCode: "en",
                  kind: "asr",
                  isTranslatable: true,
                },
                {
                  baseUrl: `${options.timedTextBase}/api/timedtext?v=${VIDEO}\u0026lang=en-GB\u0026fmt=json3`,
                  name: { simpleText: "English (United Kingdom)" },
                  vssId: ".en-GB",
                  languageCode: "en-GB",
                  isTranslatable: true,
                },
              ],
              audioTracks: [{ captionTrackIndices: [0, 1, 2] }],
            },
          },
        }),
  };
  return `<!DOCTYPE html><html lang="en"><head><title>How tides work - YouTube</title>
<script nonce="abc">var ytcfg = {"INNERTUBE_API_KEY":"x"};</script></head><body>
<script nonce="abc">var ytInitialPlayerResponse = ${JSON.stringify(player).replace(/&/g, "\\u0026")};var meta = document.createElement('meta');</script>
<script nonce="abc">var ytInitialData = {"contents":{"twoColumnWatchNextResults":{}}};</script>
</body></html>`;
}

/** A timedtext document in the default format, entities escaped twice as YouTube does. */
const TIMED_TEXT = `<?xml version="1.0" encoding="utf-8" ?><transcript>
<text start="0.5" dur="2.1">Hello and welcome &amp;amp; thanks</text>
<text start="2.6" dur="3.4">today we&amp;#39;re looking at &lt;tides&gt;</text>
<text start="6" dur="1"></text>
<text start="12.25" dur="4">the moon&amp;#39;s &lt;font color=&quot;#E5E5E5&quot;&gt;gravity&lt;/font&gt;
pulls the oceans</text>
<text start="45" dur="5">[Music]</text>
<text start="3725" dur="5">see you next time &#x1F44B;</text>
</transcript>`;

describe("youtube-transcript parsing", () => {
  it("knows the forms of a video link and reads them from www.youtube.com", () => {
    const canonical = { videoId: VIDEO, watchUrl: `https://www.youtube.com/watch?v=${VIDEO}` };
    for (const link of [
      `https://www.youtube.com/watch?v=${VIDEO}&t=42s`,
      `https://youtube.com/watch?feature=share&v=${VIDEO}`,
      `https://m.youtube.com/watch?v=${VIDEO}`,
      `https://youtu.be/${VIDEO}?si=abc`,
      `https://www.youtube.com/shorts/${VIDEO}`,
      `https://www.youtube.com/embed/${VIDEO}`,
      ` https://www.youtube.com/live/${VIDEO}?feature=share `,
    ])
      expect(youtubeVideoOf(link), link).toEqual(canonical);
    // A youtube.com link keeps its scheme and port.
    expect(youtubeVideoOf(`http://www.youtube.com:8123/watch?v=${VIDEO}`)?.watchUrl).toBe(
      `http://www.youtube.com:8123/watch?v=${VIDEO}`,
    );
    for (const link of [
      "https://www.youtube.com/watch?v=short",
      `https://evil.example/watch?v=${VIDEO}`,
      `https://www.youtube.com.evil.example/watch?v=${VIDEO}`,
      `https://user:pw@www.youtube.com/watch?v=${VIDEO}`,
      `ftp://youtu.be/${VIDEO}`,
      "https://www.youtube.com/@somechannel",
      "not a url",
    ])
      expect(youtubeVideoOf(link), link).toBeNull();
  });

  it("finds the player response, its caption tracks and the title in a watch page", () => {
    const html = watchPage({ timedTextBase: "https://www.youtube.com" });
    const player = playerResponseOf(html);
    expect(player).not.toBeNull();
    const tracks = captionTracksOf(player ?? {});
    expect(tracks.map((t) => [t.languageCode, t.kind, t.name])).toEqual([
      ["de", "", "German"],
      ["en", "asr", "English (auto-generated)"],
      ["en-GB", "", "English (United Kingdom)"],
    ]);
    // Written English captions win over automatic ones, and over the first track.
    expect(pickTrack(tracks)?.languageCode).toBe("en-GB");
    expect(pickTrack(tracks.slice(0, 2))?.languageCode).toBe("en");
    expect(pickTrack(tracks.slice(0, 1))?.languageCode).toBe("de");
    expect(pickTrack([])).toBeNull();
    expect(videoTitleOf(player, html)).toBe('How tides work {explained} — "in 5 minutes"');
    expect(videoTitleOf(null, html)).toBe("How tides work");
    expect(playerResponseOf("<html>no player here</html>")).toBeNull();
    expect(playerResponseOf("var ytInitialPlayerResponse = {broken")).toBeNull();
    expect(
      captionTracksOf(playerResponseOf(watchPage({ timedTextBase: "", captions: false })) ?? {}),
    ).toEqual([]);
  });

  it("only fetches captions from youtube.com, in the default format", () => {
    const track = { baseUrl: "", languageCode: "en", kind: "", name: "" };
    const watch = `https://www.youtube.com/watch?v=${VIDEO}`;
    expect(
      timedTextUrl(
        { ...track, baseUrl: `https://www.youtube.com/api/timedtext?v=${VIDEO}&lang=en&fmt=srv3` },
        watch,
      ),
    ).toBe(`https://www.youtube.com/api/timedtext?v=${VIDEO}&lang=en`);
    expect(timedTextUrl({ ...track, baseUrl: "/api/timedtext?v=x&amp;lang=en" }, watch)).toBe(
      "https://www.youtube.com/api/timedtext?v=x&lang=en",
    );
    expect(timedTextUrl({ ...track, baseUrl: "https://evil.example/api/timedtext" }, watch)).toBe(
      null,
    );
    expect(timedTextUrl({ ...track, baseUrl: "javascript:alert(1)" }, watch)).toBeNull();
  });

  it("reads a timedtext document as timestamped plain text", () => {
    const captions = parseTimedText(TIMED_TEXT);
    expect(captions).toEqual([
      { start: 0.5, text: "Hello and welcome & thanks" },
      { start: 2.6, text: "today we're looking at <tides>" },
      { start: 12.25, text: "the moon's gravity pulls the oceans" },
      { start: 45, text: "[Music]" },
      { start: 3725, text: "see you next time 👋" },
    ]);
    expect(transcriptText(captions)).toEqual({
      text: [
        "[00:00] Hello and welcome & thanks today we're looking at <tides> the moon's gravity pulls the oceans",
        "[00:45] [Music]",
        "[1:02:05] see you next time 👋",
      ].join("\n"),
      truncated: false,
    });
    // Format 3 (<p t="ms" d="ms"> with <s> words) reads the same way.
    expect(
      parseTimedText(
        '<timedtext format="3"><body><p t="1500" d="2000"><s>Hi</s><s t="500"> there</s></p></body></timedtext>',
      ),
    ).toEqual([{ start: 1.5, text: "Hi there" }]);
    expect(parseTimedText("")).toEqual([]);
  });

  it("cuts a long transcript on a word and says so", () => {
    const captions = Array.from({ length: 4000 }, (_, i) => ({
      start: i * 2,
      text: "the quick brown fox jumps over",
    }));
    const { text, truncated } = transcriptText(captions);
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(20_001);
    expect(text).toMatch(/[a-z]…$/);
  });

  it("decodes character references and formats timestamps", () => {
    expect(decodeEntities("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x41; &bogus;")).toBe(
      "a & b <c> \"d\" 'e' A &bogus;",
    );
    expect(timestamp(0)).toBe("[00:00]");
    expect(timestamp(61.9)).toBe("[01:01]");
    expect(timestamp(3600)).toBe("[1:00:00]");
  });
});

/**
 * Through the youtube-summarizer agent, against a stand-in YouTube on 127.0.0.8: www.youtube.com
 * resolves there (harness webFetch), the link keeps the stand-in's port, and the page's caption
 * baseUrl (which the stand-in writes) points back at it.
 */
const YT_HOST = "127.0.0.8";
let youtube: { port: number; hits: string[]; captions: boolean; close: () => Promise<void> };
let h: Harness;
let llm: FakeOpenAIServer;
let replies: FakeBehaviour[] = [];

beforeAll(async () => {
  const hits: string[] = [];
  const state = { captions: true };
  const server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    const { port } = server.address() as AddressInfo;
    const url = new URL(req.url ?? "/", "http://www.youtube.com");
    if (url.pathname === "/watch" && url.searchParams.get("v") === VIDEO) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        watchPage({ timedTextBase: `http://www.youtube.com:${port}`, captions: state.captions }),
      );
      return;
    }
    if (url.pathname === "/api/timedtext" && !url.searchParams.has("fmt")) {
      res.writeHead(200, { "content-type": "text/xml; charset=UTF-8" });
      res.end(TIMED_TEXT);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("missing");
  });
  await new Promise<void>((resolve) => server.listen(0, YT_HOST, resolve));
  youtube = {
    port: (server.address() as AddressInfo).port,
    hits,
    get captions() {
      return state.captions;
    },
    set captions(v: boolean) {
      state.captions = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? (replies.shift() ?? { kind: "echo" }) : { kind: "echo" },
  });
  h = await createHarness(
    { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" },
    { webFetch: { resolve: async () => [YT_HOST], allowAddresses: [YT_HOST] } },
  );
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
  await youtube?.close();
});
beforeEach(() => {
  llm.reset();
  replies = [];
  youtube.hits.length = 0;
  youtube.captions = true;
});

async function summarise(cookie: string, url: string) {
  replies.push(
    { kind: "tool-calls", calls: [{ name: "youtube-transcript", arguments: { url } }] },
    { kind: "text", text: "The video explains tides [1]." },
  );
  const res = await h.request("/api/agents/youtube-summarizer/chat", {
    method: "POST",
    cookie,
    body: {
      id: "chat",
      messages: [{ role: "user", parts: [{ type: "text", text: `Summarise ${url}` }] }],
    },
  });
  expect(res.status).toBe(200);
  return parseStream(await res.text());
}

describe("youtube-transcript through the youtube-summarizer agent", () => {
  it("fetches the watch page and the captions from the stand-in and gives the model the text", async () => {
    const { cookie } = await h.signIn("youtube-ok@acme.com");
    const url = `http://www.youtube.com:${youtube.port}/watch?v=${VIDEO}`;
    const chunks = await summarise(cookie, url);
    const output = partOf(chunks, "tool-output-available")?.output as YoutubeTranscriptToolOutput;
    expect(output).toMatchObject({
      videoId: VIDEO,
      title: 'How tides work {explained} — "in 5 minutes"',
      language: "en-GB",
      truncated: false,
    });
    expect(output.text).toContain("[00:00] Hello and welcome & thanks");
    expect(output.text).toContain("the moon's gravity pulls the oceans");
    expect(youtube.hits).toEqual([
      `www.youtube.com:${youtube.port}/watch?v=${VIDEO}`,
      `www.youtube.com:${youtube.port}/api/timedtext?v=${VIDEO}&lang=en-GB`,
    ]);
    // The video is the reply's numbered source.
    expect(partOf(chunks, "source-url")).toMatchObject({
      sourceId: "1",
      url: `https://www.youtube.com/watch?v=${VIDEO}`,
    });
    const toolMessage = llm.requests[1]?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("pulls the oceans");
    expect(textOf(chunks)).toBe("The video explains tides [1].");
  });

  it("says plainly that YouTube gave no transcript when the video has no captions", async () => {
    const { cookie } = await h.signIn("youtube-none@acme.com");
    youtube.captions = false;
    const chunks = await summarise(
      cookie,
      `http://www.youtube.com:${youtube.port}/watch?v=${VIDEO}`,
    );
    expect(partOf(chunks, "tool-output-error")?.errorText).toBe(NO_TRANSCRIPT);
    expect(youtube.hits).toHaveLength(1);
    expect(partOf(chunks, "finish")).toBeDefined();
  });

  it("says the same when YouTube refuses the page, and refuses other addresses outright", async () => {
    const { cookie } = await h.signIn("youtube-refused@acme.com");
    const missing = await summarise(
      cookie,
      `http://www.youtube.com:${youtube.port}/watch?v=AAAAAAAAAAA`,
    );
    expect(partOf(missing, "tool-output-error")?.errorText).toBe(NO_TRANSCRIPT);
    youtube.hits.length = 0;
    const other = await summarise(
      cookie,
      `http://videos.example.org:${youtube.port}/watch?v=${VIDEO}`,
    );
    expect(partOf(other, "tool-output-error")?.errorText).toBe(NOT_A_VIDEO);
    expect(youtube.hits).toEqual([]);
  });
});
