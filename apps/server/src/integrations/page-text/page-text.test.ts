import { afterAll, describe, expect, it } from "vitest";
import { htmlStreamText } from "./html-stream-text.ts";
import { PAGE_TEXT_CAPS, pageText } from "./page-text.ts";
import {
  closePageTextWorkers,
  PageTextError,
  pageTextWorkersStarted,
  readPageText,
  setPageTextLimits,
} from "./page-text-pool.ts";

/**
 * Hostile pages (issue 36, finding 1): markup whose DOM and Readability cost grows far faster than
 * its length is read linearly, and whatever a page costs, it costs a page-text worker (terminated
 * past its limit), never the thread that asked.
 */

const nested = (depth: number, inner = "deep words") =>
  `<html><body>${"<div>".repeat(depth)}${inner}${"</div>".repeat(depth)}</body></html>`;
const ARTICLE = `<html><head><title>Tides &amp; moons</title><style>p{}</style></head><body>
<nav>Home</nav><article><h1>How tides work</h1>
${"<p>The gravitational pull of the moon raises a bulge of water on the near side of the Earth. </p>".repeat(8)}
</article></body></html>`;

afterAll(async () => {
  setPageTextLimits({});
  await closePageTextWorkers();
});

describe("the linear walk", () => {
  it("keeps headings, paragraphs, preformatted lines and cells, and skips scripts and styles", () => {
    const { builder, title, depth, elements } = htmlStreamText(
      `<html><head><title> A  page </title><script>var secret = 1</script></head><body>
      <h2>Intro <b>part</b></h2><p>First &amp; second</p><pre>a
  b</pre><table><tr><td>x</td><td>y</td></tr></table><style>.s{}</style><p>Line<br>break</p>
      </body></html>`,
    );
    const { text, headings } = builder.build();
    expect(title).toBe("A page");
    expect(text).toContain("Intro part");
    expect(text).toContain("First & second");
    expect(text).toContain("a\n  b");
    expect(text).toMatch(/x\s+y/);
    expect(text).not.toContain("secret");
    expect(text).not.toContain(".s{}");
    expect(headings).toEqual([{ level: 2, text: "Intro part", offset: 0 }]);
    expect(depth).toBe(5); // html > body > table > tr > td (the tokenizer adds no tbody)
    expect(elements).toBeGreaterThan(10);
  });

  it("reads 20,000 nested <div>s without recursion and measures their depth", () => {
    const walked = htmlStreamText(nested(20_000));
    expect(walked.depth).toBe(20_002);
    expect(walked.builder.build().text).toBe("deep words");
  });

  it("stops collecting text at maxChars but measures the whole page", () => {
    const walked = htmlStreamText(`<body>${"<p>word word word</p>".repeat(1000)}</body>`, {
      maxChars: 100,
    });
    expect(walked.builder.size).toBeLessThan(130);
    expect(walked.elements).toBe(1001);
  });
});

describe("pageText", () => {
  it("reads an ordinary article with Readability, with its title", () => {
    const read = pageText({ html: ARTICLE, contentType: "text/html", maxChars: 400 });
    expect(read.via).toBe("readability");
    expect(read.title).toBe("Tides & moons");
    expect(read.text).toContain("gravitational pull of the moon");
    expect(read.text).not.toContain("p{}");
    expect(read.text.length).toBeLessThanOrEqual(400);
  });

  it.each([
    ["nested 2,000 deep", nested(2_000)],
    ["nested 5,000 deep", nested(5_000)],
    ["2 MB of <br>", `<html><body>${"<br>".repeat(500_000)}end</body></html>`],
    [
      "a 40,000-row table",
      `<html><body><table>${"<tr><td>cell</td><td>value</td></tr>".repeat(40_000)}</table></body></html>`,
    ],
  ])("reads a page over its caps linearly: %s", (_name, html) => {
    const read = pageText({ html, contentType: "text/html", maxChars: 3000 });
    expect(read.via).toBe("linear");
    expect(read.text.length).toBeGreaterThan(0);
    expect(read.text.length).toBeLessThanOrEqual(3000);
  });

  it("keeps Readability for a page just inside every cap", () => {
    const depth = PAGE_TEXT_CAPS.maxDepth - 5;
    const read = pageText({
      html: nested(depth, "<p>Inside the caps the article is found. </p>".repeat(10)),
      contentType: "text/html",
      maxChars: 3000,
    });
    expect(read.via).toBe("readability");
    expect(read.text).toContain("Inside the caps");
  });

  it("reads plain text as it is, collapsed", () => {
    const read = pageText({
      html: "Plain   text\n\n\npage",
      contentType: "text/plain",
      maxChars: 50,
    });
    expect(read).toEqual({ text: "Plain text\npage", title: "", via: "plain" });
  });
});

describe("the page-text workers", () => {
  it("read a page in a worker, not on this thread", async () => {
    const read = await readPageText({ html: ARTICLE, contentType: "text/html", maxChars: 200 });
    expect(read.text).toContain("gravitational pull");
    expect(pageTextWorkersStarted()).toBeGreaterThan(0);
  });

  it("terminate a worker whose page runs over the limit, and the next page is read", async () => {
    // A limit far below what 2 MB of markup takes to read: the page must run over it.
    // One worker, so the next page cannot go to a second one that is still alive.
    setPageTextLimits({ perPageMs: 1, workers: 1 });
    await closePageTextWorkers();
    const before = pageTextWorkersStarted();
    const big = `<html><body>${"<p>word</p>".repeat(200_000)}</body></html>`;
    const error = await readPageText({ html: big, contentType: "text/html", maxChars: 100 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PageTextError);
    expect((error as PageTextError).reason).toBe("timeout");
    expect((error as PageTextError).message).toBe("The page took too long to read.");
    setPageTextLimits({ workers: 1 });
    const next = await readPageText({ html: ARTICLE, contentType: "text/html", maxChars: 200 });
    expect(next.text).toContain("gravitational pull");
    expect(pageTextWorkersStarted()).toBe(before + 2);
    setPageTextLimits({});
  });

  it("refuse pages beyond the queue at once, and give up a queued page whose caller aborts", async () => {
    setPageTextLimits({ workers: 1, queue: 2 });
    await closePageTextWorkers();
    const controller = new AbortController();
    const first = readPageText({ html: ARTICLE, contentType: "text/html", maxChars: 50 });
    const queued = readPageText(
      { html: ARTICLE, contentType: "text/html", maxChars: 50 },
      { signal: controller.signal },
    );
    const refused = await readPageText({ html: ARTICLE, contentType: "text/html", maxChars: 50 })
      .then(() => null)
      .catch((e: PageTextError) => e.reason);
    expect(refused).toBe("busy");
    controller.abort();
    expect(await queued.then(() => null).catch((e: PageTextError) => e.reason)).toBe("aborted");
    expect((await first).text.length).toBeGreaterThan(0);
    setPageTextLimits({});
  });
});
