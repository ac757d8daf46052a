import { useState } from "react";
import { useSession } from "@/lib/session.tsx";
import { EMPTY_LEAD, type LeadFormValues } from "../lib/lead-form-values.ts";
import { LeadConfirmation } from "./lead-confirmation.tsx";
import { LeadForm } from "./lead-form.tsx";

/** The form, then the thank-you card (a new request only on purpose, from a blank form). */
export function BookDemoRequest() {
  const { user } = useSession();
  const [received, setReceived] = useState<LeadFormValues | null>(null);
  const [round, setRound] = useState(0);
  if (received) {
    return (
      <LeadConfirmation
        fullName={received.fullName}
        email={received.email.trim()}
        onSendAnother={() => {
          setReceived(null);
          setRound((n) => n + 1);
        }}
      />
    );
  }
  // Signed-in visitors start with their own name and address.
  const initial = { ...EMPTY_LEAD, fullName: user?.name ?? "", email: user?.email ?? "" };
  return <LeadForm key={round} initial={initial} onReceived={setReceived} />;
}
