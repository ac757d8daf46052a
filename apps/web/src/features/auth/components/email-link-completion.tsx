import { MESSAGES, SIGN_IN_NEXT } from "@nexus/contracts";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";
import { notify } from "@/lib/notices.ts";
import { queryClient } from "@/lib/query-client.ts";
import { applySignedIn } from "@/lib/session.tsx";
import { clearSignInEmail, readSignInEmail } from "@/lib/sign-in-email.ts";
import { browserStorage } from "@/lib/storage.ts";
import { checkEmailLink } from "../api/check-email-link.ts";
import { completeEmailLink } from "../api/complete-email-link.ts";
import { SecurityVerificationModal } from "./security-verification-modal.tsx";

type Outcome = "signed-in" | "needs-email" | "failed";

async function completeWithAddress(token: string, email: string): Promise<void> {
  const me = await completeEmailLink({ token, email });
  clearSignInEmail(browserStorage());
  applySignedIn(queryClient, me);
}

async function runCompletion(token: string): Promise<Outcome> {
  if (token === "") return "failed";
  try {
    const { valid } = await checkEmailLink(token);
    if (!valid) return "failed";
    const stored = readSignInEmail(browserStorage());
    if (stored === null) return "needs-email";
    await completeWithAddress(token, stored);
    return "signed-in";
  } catch {
    return "failed";
  }
}

// One run per token, even if React mounts the component twice (StrictMode, remounts).
const runs = new Map<string, Promise<Outcome>>();
function completionFor(token: string): Promise<Outcome> {
  let run = runs.get(token);
  if (!run) {
    run = runCompletion(token);
    runs.set(token, run);
  }
  return run;
}

/**
 * Where a completed (or cancelled) sign-in lands: /app (spec §4), unless the link was asked for
 * from a page of the app (a shared agent's link) and opened there: then that page, so the person
 * is back where they were. Only a plain /app path (SIGN_IN_NEXT); anything else is /app.
 */
function landing(): string {
  const here = window.location.pathname;
  return SIGN_IN_NEXT.test(here) ? here : paths.app.root.href();
}

/**
 * Finishes an e-mail link sign-in (spec §2, §4). Renders nothing while it works; asks for the
 * address in the Security Verification modal when this device has none stored. Success and
 * cancel land on /app (or the app page the link was asked from); a failure lands on /app, with
 * the general sign-in error.
 */
export function EmailLinkCompletion({
  token,
  onFinished,
}: {
  token: string;
  onFinished: () => void;
}) {
  const navigate = useNavigate();
  const [askForEmail, setAskForEmail] = useState(false);

  useEffect(() => {
    let active = true;
    const to = landing();
    const finish = (page: string) => {
      navigate(page, { replace: true });
      onFinished();
    };
    void completionFor(token).then((outcome) => {
      if (!active) return;
      if (outcome === "needs-email") {
        setAskForEmail(true);
        return;
      }
      if (outcome === "failed") {
        notify("error", MESSAGES.signInFailed);
        finish(paths.app.root.href());
        return;
      }
      finish(to);
    });
    return () => {
      active = false;
    };
  }, [token, navigate, onFinished]);

  if (!askForEmail) return null;
  return (
    <SecurityVerificationModal
      open
      onVerify={async (email) => {
        await completeWithAddress(token, email);
        navigate(landing(), { replace: true });
        onFinished();
      }}
      onCancel={() => {
        navigate(landing(), { replace: true });
        onFinished();
      }}
    />
  );
}
