import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useSession } from "@/lib/session.tsx";
import { useIsBookmarked } from "../api/get-bookmark-state.ts";
import { useSetBookmark } from "../api/set-bookmark.ts";

/**
 * Adds an answer to the library or takes it out (signed in). Anonymous visitors get the sign-in
 * dialog: only an account has a library.
 */
export function BookmarkButton({
  threadId,
  entryId,
  onSignIn,
}: {
  threadId: string;
  entryId: string;
  onSignIn?: () => void;
}) {
  const t = useT();
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const { isBookmarked, isLoading } = useIsBookmarked({ threadId, entryId, enabled: signedIn });
  const toggle = useSetBookmark();

  if (!signedIn) {
    if (!onSignIn || session.status === "loading") return null;
    return (
      <Button variant="ghost" size="sm" onClick={onSignIn} title={t("library.signInToKeep")}>
        <Bookmark className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t("library.bookmark")}</span>
      </Button>
    );
  }
  const Icon = isBookmarked ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={isBookmarked}
      disabled={isLoading}
      className={isBookmarked ? "text-accent hover:text-accent" : undefined}
      onClick={() =>
        toggle.mutate(
          { entryId, threadId, isBookmarked: !isBookmarked },
          {
            onSuccess: (result) =>
              notify("success", result.isBookmarked ? t("library.saved") : t("library.removed")),
            onError: (error) =>
              notify("error", t("library.notUpdated", { message: errorMessage(error) })),
          },
        )
      }
    >
      <Icon className="size-4" aria-hidden="true" />
      <span className="max-sm:sr-only">
        {isBookmarked ? t("library.bookmarked") : t("library.bookmark")}
      </span>
    </Button>
  );
}
