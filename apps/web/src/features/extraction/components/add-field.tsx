import {
  EXTRACTION_FIELD_TYPES,
  EXTRACTION_LIMITS,
  type ExtractionFieldType,
  type ExtractionItem,
  extractionFieldKey,
} from "@nexus/contracts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useExtractionActions } from "../api/extractions.ts";

/** A key for `name` that none of `taken` has ("venue", then "venue_2"…). */
export function freeKey(name: string, taken: readonly string[]): string {
  const base = extractionFieldKey(name);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base.slice(0, 36)}_${n}`;
  return key;
}

/**
 * A field added to a finished extraction from its screen: its name, type (and choices) and
 * instructions; only its column is filled, for every row, in a new run (charged like a re-run).
 */
export function AddField({ item }: { item: ExtractionItem }) {
  const t = useT();
  const { addField } = useExtractionActions(item.id);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [type, setType] = useState<ExtractionFieldType>("text");
  const [choices, setChoices] = useState("");
  const [instructions, setInstructions] = useState("");
  const running = item.status === "queued" || item.status === "running";
  const full = item.fields.length >= EXTRACTION_LIMITS.fields;
  if (!open)
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={running || full}
        data-testid="extraction-add-field"
        onClick={() => setOpen(true)}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t("extraction.addField.open")}
      </Button>
    );
  const types = EXTRACTION_FIELD_TYPES.map((value) => ({
    value,
    label: t(`extraction.type.${value}` as MessageId),
  }));
  return (
    <form
      className="grid gap-3 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[1fr_10rem]"
      aria-label={t("extraction.addField.title")}
      data-testid="extraction-add-field-form"
      onSubmit={(e) => {
        e.preventDefault();
        const field = {
          key: freeKey(
            name,
            item.fields.map((f) => f.key),
          ),
          name: name.trim(),
          type,
          instructions: instructions.trim(),
          required: false,
          choices:
            type === "choice"
              ? choices
                  .split(",")
                  .map((c) => c.trim())
                  .filter(Boolean)
              : [],
        };
        addField.mutate(field, {
          onSuccess: () => {
            setOpen(false);
            setName("");
            setChoices("");
            setInstructions("");
          },
        });
      }}
    >
      <TextField
        label={t("extraction.field.name")}
        value={name}
        maxLength={EXTRACTION_LIMITS.fieldName}
        required
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label={t("extraction.field.type")}
        options={types}
        value={type}
        onChange={(e) => setType(e.target.value as ExtractionFieldType)}
      />
      {type === "choice" ? (
        <TextField
          className="sm:col-span-2"
          label={t("extraction.field.choices")}
          value={choices}
          onChange={(e) => setChoices(e.target.value)}
        />
      ) : null}
      <TextField
        className="sm:col-span-2"
        label={t("extraction.field.instructions")}
        value={instructions}
        maxLength={EXTRACTION_LIMITS.instructions}
        onChange={(e) => setInstructions(e.target.value)}
      />
      <p className="text-xs text-muted sm:col-span-2">{t("extraction.addField.hint")}</p>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={name.trim() === "" || addField.isPending}>
          {addField.isPending ? <Spinner /> : <Plus className="size-4" aria-hidden="true" />}
          {t("extraction.addField.submit")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t("extraction.addField.cancel")}
        </Button>
      </div>
      {addField.isError ? (
        <Alert kind="error" className="sm:col-span-2">
          {errorMessage(addField.error)}
        </Alert>
      ) : null}
    </form>
  );
}
