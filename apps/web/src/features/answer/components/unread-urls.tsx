import type { UnreadUrl } from "@nexus/contracts";
import { TriangleAlert } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";

/**
 * The addresses of the question that could not be read (the server's data-status "unread"): said
 * plainly above the sources, which do not include them.
 */
export function UnreadUrls({ unread }: { unread: readonly UnreadUrl[] }) {
  useT();
  if (unread.length === 0) return null;
  return (
    <ul data-testid="answer-unread" className="flex flex-col gap-1 text-sm text-muted-foreground">
      {unread.map((u) => (
        <li key={u.url} role="status" className="flex items-start gap-2">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <span>
            {richT(
              "answer.unread",
              { url: <span className="break-all">{u.url}</span> },
              { message: u.message },
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
