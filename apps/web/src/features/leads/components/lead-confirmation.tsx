import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";

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
        Thank you, {firstName}!
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted sm:text-base">
        We received your request. Someone from the Nexus team will reply to{" "}
        <span className="font-medium break-all text-fg">{email}</span> to find a time that suits
        you.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to={paths.app.root.href()} className={buttonClasses()}>
          Try Nexus now
        </Link>
        <Button variant="outline" onClick={onSendAnother} data-testid="lead-send-another">
          Send another request
        </Button>
      </div>
    </section>
  );
}
