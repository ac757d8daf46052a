import { Upload } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useImportCustomAgent } from "../api/custom-agents.ts";
import { importKnowledgeNotice } from "../lib/agent-export.ts";

/** The hub's Import: an exported agent's JSON file becomes a new agent, then its chat opens. */
export function ImportButton({ onError }: { onError: (message: string | null) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const importAgent = useImportCustomAgent();
  const navigate = useNavigate();
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    onError(null);
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      onError(t("customAgents.hub.notJson", { name: file.name }));
      return;
    }
    importAgent.mutate(data, {
      onSuccess: (agent) => {
        const notice = importKnowledgeNotice(agent);
        if (notice) notify(agent.knowledgeDropped?.length ? "info" : "success", notice);
        void navigate(paths.app.customAgentChat.href(agent.id));
      },
      onError: (error) =>
        onError(
          t("customAgents.hub.importFailed", { name: file.name, reason: errorMessage(error) }),
        ),
    });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label={t("customAgents.hub.importInput")}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => void pick(e)}
        data-testid="import-input"
      />
      <Button
        variant="outline"
        disabled={importAgent.isPending}
        onClick={() => input.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" />
        {t("customAgents.hub.import")}
      </Button>
    </>
  );
}
