import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";

/** The thank-you card that replaces the form once a request was received. */
export function LeadConfirmation({
  fullName,
  email,
  onSendAnother,
}: {
  fullName: string;
  email: string;
  onSendAnother: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards land on the news, not on a form that is gone.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const firstName = fullName.trim().split(/\s+/)[0] ?? fullName;
  return (
    <section
      aria-labelledby="lead-confirmation-title"
      data-testid="lead-confirmation"
      className="rounded-2xl border border-border bg-surface p-6 text-center shadow-xs sm:p-10"
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-success-soft text-success">
        <CircleCheck className="size-6" aria-hidden="true" />
      </div>
      <h2
        id="lead-confirmation-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-semibold tracking-tight outline-none"
      >
        {t("leads.thanks", { name: firstName })}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted sm:text-base">
        {richT("leads.received", {
          email: <span className="font-medium break-all text-fg">{email}</span>,
        })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={paths.app.root.href()} className={buttonClasses()}>
          {t("leads.tryNow")}
        </Link>
        <Button variant="outline" onClick={onSendAnother} data-testid="lead-send-another">
          {t("leads.sendAnother")}
        </Button>
      </div>
    </section>
  );
}
