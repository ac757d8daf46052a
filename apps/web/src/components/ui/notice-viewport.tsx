import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { dismissNotice, type NoticeKind, useNotices } from "@/lib/notices.ts";

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info } as const;
const TONES: Record<NoticeKind, string> = {
  error: "border-danger/40 text-danger",
  success: "border-success/40 text-success",
  info: "border-border text-fg",
};

/**
 * Toasts raised with notify(), at the top where no control lives: under the phone's top bar,
 * centred over the main area on wide screens (beside the sidebar). Never at the bottom, where the
 * question box and its send button are.
 */
export function NoticeViewport() {
  const t = useT();
  const notices = useNotices();
  return (
    <section
      aria-label={t("notices.label")}
      className="pointer-events-none fixed inset-x-3 top-16 z-[60] flex flex-col items-stretch gap-2 sm:inset-x-auto sm:left-1/2 sm:w-80 sm:-translate-x-1/2 md:top-4 md:left-[calc(50%+8rem)]"
    >
      {notices.map((notice) => {
        const Icon = ICONS[notice.kind];
        return (
          <div
            key={notice.id}
            role={notice.kind === "error" ? "alert" : "status"}
            data-testid={`notice-${notice.kind}`}
            className={clsx(
              "pointer-events-auto flex items-start gap-3 rounded-xl border bg-surface px-4 py-3 text-sm shadow-lg",
              TONES[notice.kind],
            )}
          >
            <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-fg">{notice.message}</p>
            <button
              type="button"
              aria-label={t("notices.dismiss")}
              onClick={() => dismissNotice(notice.id)}
              className="-m-1 rounded-md p-1 text-subtle hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
