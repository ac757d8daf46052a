import { Archive, DatabaseBackup } from "lucide-react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { API_BASE_URL } from "@/config/env.ts";
import { useT } from "@/lib/i18n/i18n.ts";

/** Where the whole history downloads as a ZIP of Markdown files and index.json. */
export const HISTORY_EXPORT_PATH = `${API_BASE_URL}/history/export.zip`;
/** Where everything kept of the account downloads as one ZIP. */
export const ACCOUNT_EXPORT_PATH = `${API_BASE_URL}/account/export.zip`;

/**
 * "Export all": the whole history as a ZIP. A plain download link, so the browser streams the
 * file to disk as the server writes it (its own download bar shows the progress), however long
 * the history is.
 */
export function ExportAllLink({ className }: { className?: string }) {
  const t = useT();
  return (
    <a
      href={HISTORY_EXPORT_PATH}
      download="nexus-history.zip"
      data-testid="export-all"
      className={buttonClasses({ variant: "outline", size: "sm", className })}
    >
      <Archive className="size-4" aria-hidden="true" />
      {t("export.all")}
    </a>
  );
}

/**
 * "Download all my data": everything the server keeps of the account (profile, settings, history,
 * files as uploaded, agents, share links, research, usage) as one ZIP, streamed like Export all.
 */
export function AccountDataLink() {
  const t = useT();
  return (
    <a
      href={ACCOUNT_EXPORT_PATH}
      download="nexus-account.zip"
      data-testid="export-account"
      className={buttonClasses({ variant: "outline", size: "sm" })}
    >
      <DatabaseBackup className="size-4" aria-hidden="true" />
      {t("export.accountData")}
    </a>
  );
}
