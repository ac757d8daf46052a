/**
 * A locale's catalogue comes in parts, each its own module (build/catalogue-plugin.ts):
 *
 * - `public`: what the landing page and every first page read (the footer, the theme switch,
 *   common words, times, the spec strings, the marketing pages);
 * - `app`: everything else, loaded with the app's code (src/main.tsx), never by the landing page;
 * - a lazily loaded screen's own (`nexdocs`, `admin`, `customAgents`, `research`, `documents`,
 *   `extraction`, `agents`: the agents hub, its specialists' cards and the Python scratchpad,
 *   with a preset's chat):
 *   loaded with that screen's code (src/app/router.tsx), so the app's part does not grow with it
 *   (what the shell or another screen shows stays in `app`: the sidebar's labels `nav.admin` and
 *   `nexdocs.nav`, a shared document chat reply's "Cited passages" on the share page). Deep
 *   research's is loaded by the share page too (a shared report); the documents viewer's by the
 *   citation panel that shows it (app/routes/app/citation-panel-host.tsx).
 *
 * So the landing page's first load carries its own few strings, not the whole product's
 * (bench/initial-js.ts: ≤ 90 KB gzip), and the app's strings can grow without weighing on it.
 */
export const CATALOGUE_PARTS = [
  "public",
  "app",
  "nexdocs",
  "admin",
  "customAgents",
  "research",
  "documents",
  "extraction",
  "agents",
] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** Key prefixes of the public part (a key's prefix is what comes before its first dot). */
export const PUBLIC_PREFIXES: readonly string[] = [
  "common",
  "footer",
  "landing",
  "marketing",
  "spec",
  "theme",
  "time",
];
/** Single keys of other areas that public pages show (lib/format.ts's plans' limits). */
export const PUBLIC_KEYS: readonly string[] = ["usage.unlimited"];

/** Key prefixes of a screen's own part, with the keys of the prefix the app shell shows. */
const SCREEN_PARTS: Readonly<Record<string, { part: CataloguePart; keep: readonly string[] }>> = {
  nexdocs: { part: "nexdocs", keep: ["nexdocs.nav"] },
  admin: { part: "admin", keep: [] },
  customAgents: { part: "customAgents", keep: [] },
  research: { part: "research", keep: [] },
  documents: {
    part: "documents",
    keep: ["documents.citedPassages", "documents.passageNotFound"],
  },
  extraction: { part: "extraction", keep: [] },
  agentsHub: { part: "agents", keep: [] },
  specialists: { part: "agents", keep: [] },
  // The Python scratchpad: only a preset's chat (the tutor) draws it.
  pythonPad: { part: "agents", keep: [] },
};

export function partOf(key: string): CataloguePart {
  const prefix = key.slice(0, key.indexOf("."));
  if (PUBLIC_PREFIXES.includes(prefix) || PUBLIC_KEYS.includes(key)) return "public";
  const screen = SCREEN_PARTS[prefix];
  return screen && !screen.keep.includes(key) ? screen.part : "app";
}

/** The catalogue's messages of one part. */
export function partOfCatalogue<T>(
  catalogue: Readonly<Record<string, T>>,
  part: CataloguePart,
): Record<string, T> {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => partOf(key) === part));
}
