import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { htmlStreamText } from "../page-text/html-stream-text.ts";
import { PAGE_TEXT_CAPS } from "../page-text/page-text.ts";
import { decodeText } from "./decode.ts";
import { domToText } from "./html-text.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import type { ParsedDocument, ParseOptions } from "./types.ts";

/**
 * HTML: decoded like text (the meta charset is not trusted), parsed by linkedom (no scripts run,
 * nothing is loaded), scripts and styles removed, then Readability's article when it holds most
 * of the text, else the whole body. A file too deep, too long or with too many elements for a DOM
 * and Readability (PAGE_TEXT_CAPS: 20,000 nested <div>s would overflow the stack) is read by the
 * linear walk of page-text/html-stream-text.ts, headings kept.
 */

type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];
type DomRoot = Parameters<typeof domToText>[0];

/**
 * linkedom makes the first element the root when a file has no <html> element ("<script>…</script>"
 * alone); once the script is removed there is no root, and reading the body threw (the file was
 * called damaged). Such a fragment is read inside an <html><body> of its own.
 */
function parseDocumentOf(html: string) {
  const parsed = parseHTML(html).document;
  if (parsed.documentElement?.localName === "html") return parsed;
  return parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`).document;
}

function finish(
  built: { text: string; headings: Array<{ level: number; text: string; offset: number }> },
  title: string | undefined,
  options: ParseOptions,
): ParsedDocument {
  const page = { number: 1, text: built.text, ocr: false, headings: built.headings };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "html", title, pages: [page], rtl: isRtl(page.text), warnings: [] };
}

export function parseHtml(options: ParseOptions): ParsedDocument {
  const html = decodeText(options.bytes);
  const linear = htmlStreamText(html);
  if (
    html.length > PAGE_TEXT_CAPS.readabilityChars ||
    linear.depth > PAGE_TEXT_CAPS.maxDepth ||
    linear.elements > PAGE_TEXT_CAPS.maxElements
  )
    return finish(linear.builder.build(), linear.title || undefined, options);
  const document = parseDocumentOf(html);
  for (const node of document.querySelectorAll("script, style, noscript, template, iframe, object"))
    node.remove();
  const title = document.title?.trim() || undefined;
  let root: DomRoot | null = null;
  try {
    const article = new Readability(
      document.cloneNode(true) as unknown as ReadabilityDocument,
    ).parse();
    // An uploaded page is the person's document: Readability's article replaces the body only when
    // it holds most of its text (boilerplate trimmed), not when it picked one block of many.
    const articleChars = (article?.textContent ?? "").replace(/\s+/g, "").length;
    const bodyChars = (document.body?.textContent ?? "").replace(/\s+/g, "").length;
    if (article?.content && articleChars >= 200 && articleChars >= bodyChars * 0.6) {
      root = parseHTML(`<body>${article.content}</body>`).document as unknown as DomRoot;
    }
  } catch {
    root = null;
  }
  return finish(domToText(root ?? (document as unknown as DomRoot)).build(), title, options);
}
