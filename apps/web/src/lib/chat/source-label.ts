import { t } from "../i18n/i18n.ts";
import { fileTitle, linkedPage } from "../passage-label.ts";
import type { ShownSource } from "./file-sources.ts";
import { isFileSource, sourceSiteName } from "./source-site.ts";

/** What a source card shows: the page's title, what sets it apart (its section), its site. */
export interface SourceLabel {
  title: string;
  /** The section or heading the passage comes from, or what else tells equal titles apart. */
  section: string | null;
  site: string;
}

/** "Document — Heading", as the knowledge base and local files title their passages. */
const SECTION_SEPARATOR = " — ";

function humanize(fragment: string): string {
  let text = fragment;
  try {
    text = decodeURIComponent(fragment);
  } catch {
    // a malformed escape: show it as it is
  }
  text = text.replace(/[-_]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "";
}

function splitTitle(title: string): { title: string; section: string | null } {
  const at = title.indexOf(SECTION_SEPARATOR);
  if (at <= 0) return { title, section: null };
  const section = title.slice(at + SECTION_SEPARATOR.length).trim();
  return section ? { title: title.slice(0, at).trim(), section } : { title, section: null };
}

function urlParts(url: string): { path: string; hash: string } {
  try {
    const parsed = new URL(url, "http://local.invalid");
    return { path: parsed.pathname.replace(/\/+$/, "") || "/", hash: parsed.hash.slice(1) };
  } catch {
    return { path: "", hash: "" };
  }
}

/**
 * Labels for a list of numbered sources. The section is the heading after the title ("Connecting a
 * language model — Ollama"), else the link's #fragment, else — when two sources share a title and a
 * site — the page's path, so no two cards of one answer look the same. A passage of the person's
 * files is titled "name, p. N" as it is (a file name may hold " — "; its link is a download), with
 * "File deleted" as its section once the file is gone.
 */
export function labelSources(sources: readonly ShownSource[]): SourceLabel[] {
  const labels = sources.map((source) => {
    if (isFileSource(source))
      return {
        title: fileTitle(source.title.trim(), linkedPage(source.url)) || t("chat.file.untitled"),
        section: source.fileDeleted
          ? t("chat.file.deleted")
          : source.filePrivate
            ? // A share page's source that is one of the author's files (readers cannot open it).
              t("chat.file.private")
            : null,
        site: sourceSiteName(source),
      };
    const { title, section } = splitTitle(source.title.trim());
    const { hash } = urlParts(source.url);
    return {
      title: title || source.domain || t("chat.file.untitled"),
      section: section ?? (hash ? humanize(hash) || null : null),
      site: sourceSiteName(source),
    };
  });
  const key = (label: SourceLabel) => `${label.title}\u0000${label.section}\u0000${label.site}`;
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(key(label), (counts.get(key(label)) ?? 0) + 1);
  return labels.map((label, index) => {
    const source = sources[index];
    if (!source || isFileSource(source) || (counts.get(key(label)) ?? 0) < 2) return label;
    const { path } = urlParts(source.url);
    const detail = label.section ? `${label.section} · ${path}` : path;
    return { ...label, section: detail || label.section };
  });
}

/** One source's label (no comparison with the others). */
export function labelSource(source: ShownSource): SourceLabel {
  return labelSources([source])[0] ?? { title: source.title, section: null, site: source.domain };
}
