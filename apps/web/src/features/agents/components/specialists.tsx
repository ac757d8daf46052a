import { clsx } from "clsx";
import { FileSearch, FileText, type LucideIcon, Telescope, Wrench } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { type MessageId, t as translate, useT } from "@/lib/i18n/i18n.ts";

// The hub's specialists (split from agents-hub.tsx): Nexus's capabilities beside the preset agents.

/**
 * A capability of Nexus that is not a preset chat agent (its title and text as catalogue keys),
 * with the English words people search it by.
 */
export interface Specialist {
  to: string;
  icon: LucideIcon;
  title: MessageId;
  text: MessageId;
  keywords: readonly string[];
}

export const SPECIALISTS: readonly Specialist[] = [
  {
    to: paths.app.deepResearch.href(),
    icon: Telescope,
    title: "specialists.research.title",
    text: "specialists.research.text",
    keywords: ["research", "report", "sources", "citations", "investigate", "web"],
  },
  {
    to: paths.app.files.href(),
    icon: FileText,
    title: "specialists.documents.title",
    text: "specialists.documents.text",
    keywords: ["pdf", "document", "file", "upload", "docx", "word", "chat with pdf", "citations"],
  },
  {
    to: paths.app.extraction.href(),
    icon: FileSearch,
    title: "specialists.extraction.title",
    text: "specialists.extraction.text",
    keywords: [
      "extract",
      "table",
      "fields",
      "data",
      "document",
      "spreadsheet",
      "csv",
      "xlsx",
      "quote",
    ],
  },
  {
    to: paths.app.customAgents.href(),
    icon: Wrench,
    title: "specialists.customAgents.title",
    text: "specialists.customAgents.text",
    keywords: ["custom", "own agent", "build", "instructions", "knowledge", "create"],
  },
];

/** Whether every word of the search is in one of these texts (any case). */
export function matches(needle: string, texts: readonly string[]): boolean {
  const words = needle.split(/\s+/).filter(Boolean);
  const haystack = texts.map((text) => text.toLocaleLowerCase());
  return words.every((word) => haystack.some((text) => text.includes(word)));
}

/**
 * The specialists whose title, text (in the interface's language) or keywords hold the search
 * ("pdf" → document chat).
 */
export function filterSpecialists(search: string): Specialist[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === "") return [];
  return SPECIALISTS.filter((s) =>
    matches(needle, [translate(s.title), translate(s.text), ...s.keywords]),
  );
}

/**
 * The specialists' cards. `compact`: on a phone, one line of small links that scrolls sideways
 * (their texts from the sm breakpoint up), so the preset agents are on the first screen.
 */
export function SpecialistGrid({
  specialists,
  compact,
}: {
  specialists: readonly Specialist[];
  compact: boolean;
}) {
  // Whole class lists per layout (never two of one property: Tailwind would pick either).
  const list = compact
    ? "-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 md:grid-cols-2 xl:grid-cols-4"
    : "grid gap-3 md:grid-cols-2 xl:grid-cols-4";
  const link = compact
    ? "items-center gap-2 rounded-full px-3 py-2 sm:items-start sm:gap-3 sm:rounded-2xl sm:p-4"
    : "items-start gap-3 rounded-2xl p-4";
  const badge = compact ? "size-6 rounded-full sm:size-10 sm:rounded-xl" : "size-10 rounded-xl";
  const t = useT();
  return (
    <ul className={list} data-testid={compact ? "specialists" : undefined}>
      {specialists.map(({ to, icon: Icon, title, text }) => (
        <li key={to} className={compact ? "shrink-0 sm:shrink" : undefined}>
          <Link
            to={to}
            data-testid="specialist-card"
            className={clsx(
              "flex h-full border border-border bg-surface shadow-xs transition-colors hover:border-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              link,
            )}
          >
            <span
              className={clsx(
                "flex shrink-0 items-center justify-center bg-accent-soft text-accent-soft-fg",
                badge,
              )}
            >
              <Icon className={compact ? "size-3.5 sm:size-5" : "size-5"} aria-hidden="true" />
            </span>
            <span>
              <span
                className={
                  compact
                    ? "block whitespace-nowrap text-sm font-medium sm:whitespace-normal sm:text-base"
                    : "block font-medium"
                }
              >
                {t(title)}
              </span>
              <span
                className={clsx("mt-0.5 text-sm text-muted", compact ? "hidden sm:block" : "block")}
              >
                {t(text)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Specialists() {
  const t = useT();
  return (
    <nav aria-label={t("agentsHub.specialists")}>
      <SpecialistGrid specialists={SPECIALISTS} compact />
    </nav>
  );
}
