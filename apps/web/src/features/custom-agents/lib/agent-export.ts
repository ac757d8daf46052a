import { saveBlob } from "@/lib/download-file.ts";
import { t } from "@/lib/i18n/i18n.ts";

/** The full share link of a shared agent (its path on this site). */
export function shareUrl(sharePath: string): string {
  return new URL(sharePath, window.location.origin).href;
}

/** A file name for the agent's export: its name, safe for file systems. */
export function exportFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").trim() || "agent";
  return `${safe}.json`;
}

/** Saves `data` as a JSON file named `fileName` (the browser's download). */
export function download(fileName: string, data: unknown) {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), fileName);
}

const list = (names: readonly string[]) => names.map((n) => `“${n}”`).join(", ");

/**
 * What an import did with the knowledge files its export named: kept (the person already has the
 * same bytes) or not added (for the editor), in the interface's language. Null when the export
 * named none.
 */
export function importKnowledgeNotice(imported: {
  name: string;
  knowledgeKept?: readonly string[];
  knowledgeDropped?: readonly string[];
}): string | null {
  const kept = imported.knowledgeKept ?? [];
  const dropped = imported.knowledgeDropped ?? [];
  if (kept.length === 0 && dropped.length === 0) return null;
  const parts = [t("customAgents.importNotice.imported", { name: imported.name })];
  if (kept.length > 0) parts.push(t("customAgents.importNotice.kept", { files: list(kept) }));
  if (dropped.length > 0)
    parts.push(t("customAgents.importNotice.dropped", { files: list(dropped) }));
  return parts.join(" ");
}
