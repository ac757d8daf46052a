import { splitFrontMatter } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { parseKnowledgeDocument } from "../../../../../server/src/integrations/search/knowledge-chunker.ts";
import { renderArticle, renderFaq } from "./render-markdown.ts";

// The real content, as the build and the server's knowledge indexer read it.
const blog = import.meta.glob<string>("../../../../../../content/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const faqFiles = import.meta.glob<string>("../../../../../../content/faq.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const idsIn = (html: string) => [...html.matchAll(/<h[2-6] id="([^"]*)"/g)].map((m) => m[1]);
/** The #fragments the knowledge base cites for a document (offline answers link to them). */
const citedFragments = (slug: string, markdown: string) =>
  parseKnowledgeDocument({ slug, markdown })
    .passages.map((p) => p.url.split("#")[1])
    .filter((f): f is string => f !== undefined);

describe("rendering content to safe HTML", () => {
  it("drops raw HTML and unsafe links, keeps safe ones", () => {
    const { html } = renderArticle(
      [
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(1)">',
        "",
        "[bad](javascript:alert(1)) [data](data:text/html,x) [ok](/blog/x) [web](https://example.com) [frag](#here)",
        "",
        "![remote](https://evil.example/x.png)",
      ].join("\n"),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:");
    expect(html).toContain('<a href="/blog/x">ok</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="#here">frag</a>');
    expect(html).not.toContain("evil.example");
  });

  it("escapes text and renders GFM (tables, code with its language)", () => {
    const { html } = renderArticle(
      "A & B < C\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```sh\nnpm start\n```\n",
    );
    expect(html).toContain("A &amp; B &lt; C");
    expect(html).toContain("<table>");
    expect(html).toContain('<td style="text-align:center">2</td>');
    expect(html).toContain('<pre><code class="language-sh">npm start\n</code></pre>');
  });

  it("gives headings ids and lists h2/h3 in the table of contents", () => {
    const { html, headings } = renderArticle(
      "## Email: `SMTP_URL` and **MAIL_FROM**\n\ntext\n\n### Is it [free](/faq)?\n\n#### Deep\n",
    );
    expect(idsIn(html)).toEqual(["email-smtp_url-and-mail_from", "is-it-free", "deep"]);
    expect(headings).toEqual([
      { id: "email-smtp_url-and-mail_from", text: "Email: SMTP_URL and MAIL_FROM", depth: 2 },
      { id: "is-it-free", text: "Is it free?", depth: 3 },
    ]);
  });
});

describe("heading ids are the ones offline answers cite", () => {
  it("every blog post has ids for all the #fragments offline answers cite, without duplicates", () => {
    expect(Object.keys(blog).length).toBeGreaterThanOrEqual(15);
    for (const [file, markdown] of Object.entries(blog)) {
      const slug = file.split("/").at(-1)?.replace(/\.md$/, "") ?? "";
      const ids = idsIn(renderArticle(splitFrontMatter(markdown).body).html);
      expect(new Set(ids).size, `${slug}: duplicate heading ids`).toBe(ids.length);
      for (const fragment of citedFragments(slug, markdown))
        expect(ids, `${slug}#${fragment}`).toContain(fragment);
    }
  });

  it("every FAQ question has the id the knowledge base cites (/faq#<id>)", () => {
    const markdown = Object.values(faqFiles)[0] ?? "";
    const { items } = renderFaq(splitFrontMatter(markdown).body);
    expect(items.length).toBeGreaterThanOrEqual(10);
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(citedFragments("faq", markdown))).toEqual(new Set(ids));
    for (const item of items) expect(item.text.length, item.id).toBeGreaterThan(20);
  });
});
