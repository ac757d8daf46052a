import { Readable } from "node:stream";
import { type PageView, pageViewSchema } from "@nexus/contracts";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import type { DocumentPage } from "../../integrations/document-text/types.ts";

/**
 * A file's office views (a sheet's grid, a slide's blocks, a DOCX's sanitised tree), as the parse
 * child built them: stored as JSON beside the file (`<storage key>-view`), so showing them never
 * parses the untrusted file again. Account deletion removes it with the prefix; deleting the file
 * removes it with the file. A file read before views existed has none: the viewer shows its text.
 */

export const viewKeyOf = (storageKey: string) => `${storageKey}-view`;

const storedViewsSchema = z.record(z.string(), pageViewSchema);

/** Saves the views of the pages that have one (nothing is written when none has). */
export async function saveViews(
  deps: Deps,
  storageKey: string,
  pages: readonly DocumentPage[],
): Promise<void> {
  const views = Object.fromEntries(
    pages.flatMap((p) => (p.view ? [[String(p.number), p.view]] : [])),
  );
  if (Object.keys(views).length === 0) return;
  await deps.storage.delete([viewKeyOf(storageKey)]);
  await deps.storage.put(viewKeyOf(storageKey), Readable.from([JSON.stringify(views)]));
}

/** The views by page number; empty when the file has none (or they cannot be read). */
export async function readViews(deps: Deps, storageKey: string): Promise<Map<number, PageView>> {
  try {
    const bytes = await deps.storage.getBytes(viewKeyOf(storageKey));
    const parsed = storedViewsSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    if (!parsed.success) return new Map();
    return new Map(Object.entries(parsed.data).map(([page, view]) => [Number(page), view]));
  } catch {
    return new Map();
  }
}
