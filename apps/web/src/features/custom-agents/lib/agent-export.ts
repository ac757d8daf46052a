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
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
