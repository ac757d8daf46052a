import {
  CUSTOM_AGENT_COLORS,
  CUSTOM_AGENT_LIMITS,
  CUSTOM_AGENT_TOOLS,
  type CustomAgent,
  type CustomAgentInput,
  type CustomAgentKnowledgeFile,
  customAgentInputSchema,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { Plus, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { inputClasses, TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatNumber } from "@/lib/format.ts";
import { type MessageId, translateSpec, useT } from "@/lib/i18n/i18n.ts";
import { fieldIssues, useCreateCustomAgent, useUpdateCustomAgent } from "../api/custom-agents.ts";
import { EMOJI_SUGGESTIONS, lastGrapheme } from "../lib/editor-options.ts";
import { AgentAvatar, CUSTOM_AGENT_COLOR_CLASSES } from "./agent-avatar.tsx";
import { KnowledgePicker } from "./knowledge-picker.tsx";

const NO_FILES: CustomAgentKnowledgeFile[] = [];

type Color = CustomAgent["color"];

interface Draft {
  name: string;
  emoji: string;
  color: Color;
  description: string;
  instructions: string;
  starters: string[];
  tools: string[];
  model: "default" | "reasoning";
  knowledgeFileIds: string[];
}

function draftOf(agent: CustomAgent | undefined): Draft {
  return {
    name: agent?.name ?? "",
    emoji: agent?.emoji ?? "🤖",
    color: agent?.color ?? "indigo",
    description: agent?.description ?? "",
    instructions: agent?.instructions ?? "",
    starters: agent?.starters ? [...agent.starters] : [],
    tools: agent?.tools ? [...agent.tools] : [],
    model: agent?.model ?? "default",
    knowledgeFileIds: agent?.knowledgeFiles?.map((f) => f.id) ?? [],
  };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger">
      {message}
    </p>
  );
}

/** The form that creates or edits a custom agent; validated here, then by the server. */
export function CustomAgentEditor({
  agent,
  onSaved,
  onCancel,
}: {
  agent?: CustomAgent;
  onSaved: (agent: CustomAgent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(agent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCustomAgent();
  const update = useUpdateCustomAgent();
  const saving = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const candidate = { ...draft, starters: draft.starters.filter((s) => s.trim() !== "") };
    const parsed = customAgentInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form");
        found[field] ??= translateSpec(issue.message);
      }
      setErrors(found);
      setFormError(t("customAgents.editor.checkFields"));
      return;
    }
    setErrors({});
    setFormError(null);
    const input: CustomAgentInput = parsed.data;
    const onError = (error: unknown) => {
      setErrors(fieldIssues(error));
      setFormError(errorMessage(error));
    };
    if (agent) update.mutate({ id: agent.id, input }, { onSuccess: onSaved, onError });
    else create.mutate(input, { onSuccess: onSaved, onError });
  };

  const err = (field: string) => errors[field];
  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const instructionsLength = draft.instructions.length;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t("customAgents.editor.form")}
    >
      <TextField
        label={t("customAgents.editor.name")}
        value={draft.name}
        maxLength={CUSTOM_AGENT_LIMITS.name}
        onChange={(e) => set("name", e.target.value)}
        error={err("name") ?? null}
        required
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t("customAgents.editor.avatar")}</legend>
        <div className="flex items-center gap-3">
          <AgentAvatar emoji={draft.emoji || "?"} color={draft.color} size="lg" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-emoji`} className="text-sm">
              {t("customAgents.editor.emoji")}
            </label>
            <input
              id={`${id}-emoji`}
              className={clsx(inputClasses, "w-20 text-center text-lg")}
              value={draft.emoji}
              onChange={(e) => set("emoji", lastGrapheme(e.target.value))}
              aria-invalid={err("emoji") ? true : undefined}
              aria-describedby={describe("emoji")}
            />
          </div>
        </div>
        <FieldError id={`${id}-emoji-error`} message={err("emoji")} />
        <ul className="flex flex-wrap gap-1.5" aria-label={t("customAgents.editor.suggestedEmoji")}>
          {EMOJI_SUGGESTIONS.map((emoji) => (
            <li key={emoji}>
              <button
                type="button"
                aria-label={t("customAgents.editor.useEmoji", { emoji })}
                aria-pressed={draft.emoji === emoji}
                onClick={() => set("emoji", emoji)}
                className="flex size-9 items-center justify-center rounded-lg border border-border bg-surface text-lg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-accent aria-pressed:bg-accent-soft"
              >
                {emoji}
              </button>
            </li>
          ))}
        </ul>
        <div
          role="radiogroup"
          aria-label={t("customAgents.editor.colour")}
          className="mt-1 flex flex-wrap gap-2"
        >
          {CUSTOM_AGENT_COLORS.map((color) => (
            <label
              key={color}
              className={clsx(
                "flex size-9 cursor-pointer items-center justify-center rounded-full border-2 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                CUSTOM_AGENT_COLOR_CLASSES[color],
                draft.color === color ? "border-fg" : "border-transparent",
              )}
            >
              <input
                type="radio"
                name={`${id}-color`}
                value={color}
                checked={draft.color === color}
                onChange={() => set("color", color)}
                className="sr-only"
              />
              <span className="sr-only">{t(`customAgents.color.${color}` as MessageId)}</span>
              {draft.color === color ? <span aria-hidden="true">✓</span> : null}
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        label={t("customAgents.editor.description")}
        hint={t("customAgents.editor.descriptionHint")}
        value={draft.description}
        maxLength={CUSTOM_AGENT_LIMITS.description}
        onChange={(e) => set("description", e.target.value)}
        error={err("description") ?? null}
      />

      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-instructions`} className="text-sm font-medium">
            {t("customAgents.editor.instructions")}
          </label>
          <span
            id={`${id}-instructions-count`}
            data-testid="instructions-counter"
            className={clsx(
              "text-xs tabular-nums",
              instructionsLength > CUSTOM_AGENT_LIMITS.instructions ? "text-danger" : "text-subtle",
            )}
          >
            {t("customAgents.editor.count", {
              count: formatNumber(instructionsLength),
              max: formatNumber(CUSTOM_AGENT_LIMITS.instructions),
            })}
          </span>
        </div>
        <textarea
          id={`${id}-instructions`}
          rows={6}
          value={draft.instructions}
          onChange={(e) => set("instructions", e.target.value)}
          aria-invalid={err("instructions") ? true : undefined}
          aria-describedby={[`${id}-instructions-count`, describe("instructions")]
            .filter(Boolean)
            .join(" ")}
          placeholder={t("customAgents.editor.instructionsPlaceholder")}
          className={clsx(inputClasses, "h-auto min-h-32 py-2")}
        />
        <FieldError id={`${id}-instructions-error`} message={err("instructions")} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">
          {t("customAgents.editor.starters")}{" "}
          <span className="font-normal text-subtle">
            {t("customAgents.editor.upTo", { max: CUSTOM_AGENT_LIMITS.starters })}
          </span>
        </legend>
        {draft.starters.map((starter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: starters are edited in place by position
          <div key={index} className="flex items-center gap-2">
            <input
              aria-label={t("customAgents.editor.starter", { n: index + 1 })}
              value={starter}
              maxLength={CUSTOM_AGENT_LIMITS.starter}
              onChange={(e) =>
                set(
                  "starters",
                  draft.starters.map((s, i) => (i === index ? e.target.value : s)),
                )
              }
              className={inputClasses}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("customAgents.editor.removeStarter", { n: index + 1 })}
              onClick={() =>
                set(
                  "starters",
                  draft.starters.filter((_, i) => i !== index),
                )
              }
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <FieldError id={`${id}-starters-error`} message={err("starters")} />
        {draft.starters.length < CUSTOM_AGENT_LIMITS.starters ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => set("starters", [...draft.starters, ""])}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t("customAgents.editor.addStarter")}
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t("customAgents.editor.tools")}</legend>
        {CUSTOM_AGENT_TOOLS.map((tool) => (
          <label key={tool} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={draft.tools.includes(tool)}
              onChange={(e) =>
                set(
                  "tools",
                  e.target.checked ? [...draft.tools, tool] : draft.tools.filter((x) => x !== tool),
                )
              }
            />
            {t(`agentTools.tool.${tool}` as MessageId)}
          </label>
        ))}
        <FieldError id={`${id}-tools-error`} message={err("tools")} />
      </fieldset>

      <KnowledgePicker
        selected={draft.knowledgeFileIds}
        known={agent?.knowledgeFiles ?? NO_FILES}
        onChange={(ids) => set("knowledgeFileIds", ids)}
        error={err("knowledgeFileIds")}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t("customAgents.editor.model")}</legend>
        {(
          [
            ["default", "customAgents.editor.modelDefault", "customAgents.editor.modelDefaultHint"],
            [
              "reasoning",
              "customAgents.editor.modelReasoning",
              "customAgents.editor.modelReasoningHint",
            ],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-model`}
              className="mt-0.5 size-4 accent-accent"
              checked={draft.model === value}
              onChange={() => set("model", value)}
            />
            <span>
              {t(label)} <span className="text-subtle">— {t(hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t("customAgents.editor.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {agent ? t("customAgents.editor.save") : t("customAgents.editor.create")}
        </Button>
      </div>
    </form>
  );
}

/** The editor in a dialog. */
export function CustomAgentEditorDialog({
  open,
  agent,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  agent?: CustomAgent | undefined;
  onOpenChange: (open: boolean) => void;
  onSaved: (agent: CustomAgent) => void;
}) {
  const t = useT();
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={
          agent
            ? t("customAgents.editor.editTitle", { name: agent.name })
            : t("customAgents.newAgent")
        }
        description={t("customAgents.editor.dialogDescription")}
        className="sm:max-w-xl"
        data-testid="custom-agent-editor"
      >
        {open ? (
          <CustomAgentEditor
            key={agent?.id ?? "new"}
            {...(agent ? { agent } : {})}
            onSaved={(saved) => {
              onOpenChange(false);
              onSaved(saved);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </DialogRoot>
  );
}
