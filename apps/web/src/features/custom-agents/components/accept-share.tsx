import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { isMissing, useAcceptShare } from "../api/custom-agents.ts";
import { InvalidShareLink } from "./invalid-share-link.tsx";

/** /app/agents/custom/shared/:token: takes the shared agent, then opens its chat. */
export function AcceptShare({ token }: { token: string }) {
  const t = useT();
  const accept = useAcceptShare();
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    accept.mutate(token, {
      onSuccess: (agent) =>
        void navigate(paths.app.customAgentChat.href(agent.id), { replace: true }),
    });
  }, [token, accept, navigate]);

  if (accept.isError) {
    if (isMissing(accept.error)) {
      return (
        <InvalidShareLink>
          <Link
            to={paths.app.customAgents.href()}
            className={buttonClasses({ variant: "outline" })}
          >
            {t("customAgents.yourCustomAgents")}
          </Link>
        </InvalidShareLink>
      );
    }
    return (
      <LoadError
        what={t("customAgents.sharedWhat")}
        error={accept.error}
        onRetry={() => accept.mutate(token)}
      />
    );
  }
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-muted">
      <Spinner />
      {t("customAgents.opening")}
    </div>
  );
}
