import fs from "node:fs";
import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
// Relative: Node loads the Vite config, and cannot import the workspace package's TypeScript entry.
import { PRESET_AGENT_INFO } from "../../../packages/contracts/src/agents.ts";
import { splitFrontMatter, textField } from "../../../packages/contracts/src/content.ts";
import { type PostMeta, postMeta, sortPosts } from "../src/features/marketing/lib/post-meta.ts";
import { renderArticle, renderFaq } from "../src/features/marketing/lib/render-markdown.ts";

/**
 * The repository's content/ folder as build-time modules (ARCHITECTURE: one content source for
 * the blog, the FAQ and the server's knowledge base). Markdown is rendered to safe HTML here, so the
 * browser gets ready HTML and no markdown parser:
 *
 * - `virtual:nexus/blog-index`     `posts`: every post's metadata, newest first
 * - `virtual:nexus/blog-articles`  `articles`: slug → () => import(the article's HTML + headings)
 * - `virtual:nexus/faq`            `faq`: title, intro and questions of content/faq.md
 * - `virtual:nexus/faq-teaser`     `faqTeaser`: the first questions, for the landing page
 * - `virtual:nexus/agent-showcase` `agentShowcase`: the landing page's showcased agents' names and
 *   lines from the catalogue in contracts (without the whole catalogue in the page's first JS)
 */
const PREFIX = "virtual:nexus/";
const ARTICLE = `${PREFIX}article/`;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TEASER_QUESTIONS = 4;
/** The agents the landing page shows, in its order. */
const SHOWCASE_AGENTS = ["writer", "studybuddy", "code-buddy", "translator"] as const;

export function contentPlugin(options: { contentDir?: string } = {}): Plugin {
  let contentDir = options.contentDir ?? "";
  const blogDir = () => path.join(contentDir, "blog");
  const read = (file: string) => fs.readFileSync(file, "utf8");

  const slugs = () =>
    fs
      .readdirSync(blogDir())
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.slice(0, -3))
      .sort();

  const posts = (): PostMeta[] =>
    sortPosts(
      slugs().map((slug) => {
        if (!SLUG.test(slug))
          throw new Error(`content/blog/${slug}.md: use a kebab-case file name`);
        const { fields, body } = splitFrontMatter(read(path.join(blogDir(), `${slug}.md`)));
        return postMeta({ slug, fields, body });
      }),
    );

  const faq = () => {
    const { fields, body } = splitFrontMatter(read(path.join(contentDir, "faq.md")));
    return {
      title: textField(fields, "title"),
      summary: textField(fields, "summary"),
      ...renderFaq(body),
    };
  };

  const json = (name: string, value: unknown) =>
    `export const ${name} = ${JSON.stringify(value)};\n`;

  return {
    name: "nexus-content",
    enforce: "pre",
    configResolved(config) {
      if (!contentDir) contentDir = path.resolve(config.root, "../../content");
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(1);
      this.addWatchFile(blogDir());
      if (name === `${PREFIX}blog-index`) {
        for (const slug of slugs()) this.addWatchFile(path.join(blogDir(), `${slug}.md`));
        return json("posts", posts());
      }
      if (name === `${PREFIX}blog-articles`) {
        const entries = slugs().map(
          (slug) => `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(ARTICLE + slug)}),`,
        );
        return `export const articles = {\n${entries.join("\n")}\n};\n`;
      }
      if (name.startsWith(ARTICLE)) {
        const slug = name.slice(ARTICLE.length);
        if (!SLUG.test(slug)) throw new Error(`no article ${slug}`);
        const file = path.join(blogDir(), `${slug}.md`);
        this.addWatchFile(file);
        const article = renderArticle(splitFrontMatter(read(file)).body);
        return `export default ${JSON.stringify(article)};\n`;
      }
      const faqFile = path.join(contentDir, "faq.md");
      this.addWatchFile(faqFile);
      if (name === `${PREFIX}faq`) return json("faq", faq());
      if (name === `${PREFIX}agent-showcase`)
        return json(
          "agentShowcase",
          SHOWCASE_AGENTS.map((id) => ({ id, ...PRESET_AGENT_INFO[id] })),
        );
      if (name === `${PREFIX}faq-teaser`) {
        const teaser = faq()
          .items.slice(0, TEASER_QUESTIONS)
          .map(({ id, question, text }) => ({ id, question, answer: firstSentence(text) }));
        return json("faqTeaser", teaser);
      }
      throw new Error(`unknown content module ${name}`);
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(contentDir);
      const reload = (file: string) => {
        if (!file.startsWith(contentDir)) return;
        for (const mod of server.moduleGraph.idToModuleMap.values())
          if (mod.id?.startsWith(`\0${PREFIX}`)) server.moduleGraph.invalidateModule(mod);
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.on("change", reload);
      server.watcher.on("add", reload);
      server.watcher.on("unlink", reload);
    },
  };
}

/** The first sentence of an answer (the whole text when it has one sentence). */
function firstSentence(text: string): string {
  const match = /^.+?[.!?](?=\s|$)/.exec(text);
  return match ? match[0] : text;
}
