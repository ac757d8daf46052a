import { citedFileId } from "@nexus/contracts";
import { documentLinkOf } from "@/lib/chat/document-link.ts";
import { toSafeSourceUrl } from "@/lib/chat/safe-url.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { fileTitle } from "@/lib/passage-label.ts";

/** The three kinds of thing a citation can point at; each has its resolver. */
export type CitationSourceType = "web" | "file" | "knowledge";

/** A cited passage of one of the person's files: what the document viewer needs to show it. */
export interface FilePassage {
  fileId: string;
  /** The cited chunk, when known (`?chunk=`). */
  ordinal: number | null;
  page: number | null;
  /** The words to mark inside the passage (a verified quote); null: the whole passage. */
  quote: string | null;
  /** The file's name as the citation names it ("tracemonkey.pdf"). */
  name: string;
  /** Its document chat at the passage (the link's target, "Open document chat"). */
  chatHref: string;
}

/**
 * What any citation chip shows and does, whatever kind of reply it belongs to (answer, agent reply,
 * document chat, research report, shared page).
 */
export interface ResolvedCitation {
  type: CitationSourceType;
  /** The number the reply shows. */
  n: number;
  title: string;
  /** The site (web), "Your files" (file) or "Nexus guide" (knowledge). */
  site: string;
  /** The quoted passage: the verified quote when known, else the snippet. */
  passage: string | null;
  /** The citation check's verdict; undefined when it was not checked. */
  verified: boolean | undefined;
  /** Where the chip links: out (a new tab) or inside the app; null when nowhere. */
  link: { href: string; internal: boolean } | null;
  /** A file passage the viewer can show beside the reading; null on a share page or for the web. */
  file: FilePassage | null;
}

/** What a reply knows of one citation, before it is resolved. */
export interface CitationInput {
  n: number;
  url: string;
  title: string;
  /** The source's snippet, if any. */
  snippet?: string | null;
  /** The checked quote (or passage) of the source; used only when `verified`. */
  quote?: string | null;
  verified?: boolean | undefined;
  page?: number | null;
  /** Set when the kind knows it (research sources do). */
  type?: CitationSourceType;
  fileId?: string | null;
  /** The file is not the reader's (a share page): shown, never opened. */
  private?: boolean;
  /** The link the kind already computed (research keeps its own). */
  link?: { href: string; internal: boolean } | null;
}

const origin = () => (typeof window === "undefined" ? "http://localhost" : window.location.origin);

/** "tracemonkey.pdf, p. 3" → { name: "tracemonkey.pdf", page: 3 }. */
export function splitFileTitle(title: string): { name: string; page: number | null } {
  const match = /^(.*?),\s*p\.\s*(\d{1,6})$/.exec(title.trim());
  return match?.[1] ? { name: match[1], page: Number(match[2]) } : { name: title, page: null };
}

/** Which resolver a citation goes to: a file's passage, a page of this Nexus, or the web. */
export function sourceTypeOf(input: Pick<CitationInput, "url" | "type" | "fileId" | "private">) {
  if (input.type) return input.type;
  if (input.private || input.fileId || citedFileId(input.url) || documentLinkOf(input.url))
    return "file";
  if (input.url.startsWith("/") && !input.url.startsWith("//")) return "knowledge";
  return "web";
}

function quoteOf(input: CitationInput): string | null {
  return input.verified && input.quote ? input.quote : null;
}

function passageOf(input: CitationInput): string | null {
  return quoteOf(input) ?? (input.snippet || null);
}

/** A passage's viewer link with the words to mark in it (a verified quote; none: as it is). */
export function withQuote(path: string, quote: string | null): string {
  if (!quote || path.includes("quote=")) return path;
  return `${path}${path.includes("?") ? "&" : "?"}quote=${encodeURIComponent(quote.slice(0, 500))}`;
}

const resolvers: Record<CitationSourceType, (input: CitationInput) => ResolvedCitation> = {
  web(input) {
    const safe = toSafeSourceUrl(input.url, origin());
    let site = safe?.domain ?? "";
    if (!site)
      try {
        site = new URL(input.url).hostname;
      } catch {
        site = input.url;
      }
    return {
      type: "web",
      n: input.n,
      title: input.title || site || t("chat.citation.untitled"),
      site: site.replace(/^www\./, ""),
      passage: passageOf(input),
      verified: input.verified,
      link:
        input.link !== undefined ? input.link : safe ? { href: safe.href, internal: false } : null,
      file: null,
    };
  },
  knowledge(input) {
    const safe = toSafeSourceUrl(input.url, origin());
    return {
      type: "knowledge",
      n: input.n,
      title: input.title || t("chat.citation.guide"),
      site: t("chat.citation.guide"),
      passage: passageOf(input),
      verified: input.verified,
      link:
        input.link !== undefined ? input.link : safe ? { href: safe.href, internal: false } : null,
      file: null,
    };
  },
  file(input) {
    const { name, page } = splitFileTitle(input.title);
    const viewer = documentLinkOf(input.url);
    const fileId = input.fileId ?? viewer?.fileId ?? citedFileId(input.url);
    const quote = quoteOf(input);
    const chatHref = viewer
      ? withQuote(viewer.path, viewer.ordinal === null ? null : quote)
      : input.link?.internal
        ? input.link.href
        : null;
    const open = !input.private && fileId !== null && chatHref !== null;
    return {
      type: "file",
      n: input.n,
      title: fileTitle(name, input.page ?? page),
      site: t("chat.attach.yourFiles"),
      passage: passageOf(input),
      verified: input.verified,
      link: input.private
        ? null
        : input.link !== undefined
          ? input.link
          : chatHref
            ? { href: chatHref, internal: true }
            : null,
      file:
        open && fileId && chatHref
          ? {
              fileId,
              ordinal: viewer?.ordinal ?? null,
              page: input.page ?? page,
              quote,
              name,
              chatHref,
            }
          : null,
    };
  },
};

/** One citation, resolved by the resolver of its source's type. */
export function resolveCitation(input: CitationInput): ResolvedCitation {
  return resolvers[sourceTypeOf(input)](input);
}
