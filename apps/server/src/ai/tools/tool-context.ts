import type { GenerateImageToolOutput } from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import type { ImageType } from "../../lib/image-type.ts";

/**
 * What every tool of one chat turn shares (ARCHITECTURE.md §3.1: tools are factories of
 * `({ deps, caller, writer })`): the server's dependencies, who is asking, the turn's signal, its
 * numbered sources, and the addresses read-url may open.
 */
export interface ToolContext {
  deps: Deps;
  caller: Caller;
  signal: AbortSignal;
  sources: SourceBook;
  /**
   * A custom agent's knowledge: the files search-files searches, all of its owner's (who may not be
   * the caller: a link holder's reply searches the owner's files, and only these).
   */
  knowledge?: KnowledgeScope;
  /**
   * Keeps a generated image as a file of the person: the files module's service
   * (files.saveGeneratedImage), given by the module that builds the turn, since ai/ never imports
   * modules/ (ARCHITECTURE.md §3.1). Absent: generate-image cannot save, and says so.
   */
  saveImage?: SaveImage;
}

/** Saves one generated image for its owner; throws a message for the person when it cannot. */
export type SaveImage = (
  user: Pick<SessionUser, "id">,
  image: { bytes: Uint8Array; type: ImageType; prompt: string },
) => Promise<GenerateImageToolOutput["images"][number]>;

/** Exactly which files search-files may read: these files of this user. */
export interface KnowledgeScope {
  ownerId: string;
  fileIds: readonly string[];
}

/** At most this many sources are numbered in one turn. */
const MAX_SOURCES = 30;

/**
 * The sources of one turn, numbered in the order tools found them ([n] in the reply = source n),
 * each announced once as a `source-url` part; and the addresses read-url may open.
 *
 * G14 (a read page must not make the model send the person's data elsewhere): read-url opens only
 * an address the person wrote in this conversation or one a search of this turn returned,
 * exactly. A page can tell the model to "read https://evil.example/?q=<the user's data>", but
 * that address is in neither list, so nothing is requested from it.
 */
export class SourceBook {
  private readonly numbers = new Map<string, number>();
  private readonly allowed = new Set<string>();

  constructor(
    private readonly write: (chunk: UIMessageChunk) => void,
    /** Addresses the person wrote (they may be read). */
    personUrls: readonly string[] = [],
    /** Keeps the text source n stood for (the turn's: ChatTurn.sourceText). */
    private readonly texts?: (n: number, text: string) => void,
  ) {
    for (const url of personUrls) this.allow(url);
  }

  /**
   * The source's number, announcing it the first time (null once MAX_SOURCES are numbered).
   * `text`: what the tool gave the model of it (a snippet, a page, a passage), kept in `texts` so
   * the reply's citations of it can be checked.
   */
  add(source: { url: string; title: string; text?: string }): number | null {
    const key = normalUrl(source.url);
    const known = this.numbers.get(key);
    if (known !== undefined) {
      if (source.text) this.texts?.(known, source.text);
      return known;
    }
    if (this.numbers.size >= MAX_SOURCES) return null;
    const n = this.numbers.size + 1;
    this.numbers.set(key, n);
    this.write({ type: "source-url", sourceId: String(n), url: source.url, title: source.title });
    if (source.text) this.texts?.(n, source.text);
    return n;
  }

  allow(url: string): void {
    this.allowed.add(normalUrl(url));
  }

  mayRead(url: string): boolean {
    return this.allowed.has(normalUrl(url));
  }
}

/** A URL as compared for reading: parsed and re-serialised, without its fragment. */
export function normalUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.href;
  } catch {
    return url;
  }
}

/** Every http(s) address in a text, in order, without trailing punctuation. */
export function urlsIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/gi) ?? [];
  return found.map((u) => u.replace(/[.,;:!?)\]}]+$/, ""));
}

/** A budget for one tool call: aborts with the turn, or after `ms`. */
export function toolSignal(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)]);
}
