import {
  EXTRACTION_FIELD_TYPES,
  EXTRACTION_ITEMS_PER_SOURCE,
  EXTRACTION_LIMITS,
  EXTRACTION_ROW_MODES,
  type ExtractionField,
  type ExtractionFieldType,
  type ExtractionRowMode,
  extractionFieldKey,
} from "@nexus/contracts";
import { ArrowDown, ArrowUp, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses, TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useProposeFields } from "../api/extractions.ts";

/** A field as the builder edits it (its key is made from its name when the run starts). */
export interface DraftField {
  id: number;
  name: string;
  type: ExtractionFieldType;
  instructions: string;
  required: boolean;
  choices: string;
}

let nextId = 1;
export const draftField = (over: Partial<DraftField> = {}): DraftField => ({
  id: nextId++,
  name: "",
  type: "text",
  instructions: "",
  required: false,
  choices: "",
  ...over,
});

/** The drafts as the schema the server reads: keys from names, each once. */
export function fieldsOf(drafts: readonly DraftField[]): ExtractionField[] {
  const used = new Set<string>();
  return drafts
    .filter((d) => d.name.trim() !== "")
    .map((d) => {
      const base = extractionFieldKey(d.name);
      let key = base;
      for (let n = 2; used.has(key); n++) key = `${base.slice(0, 36)}_${n}`;
      used.add(key);
      return {
        key,
        name: d.name.trim(),
        type: d.type,
        instructions: d.instructions.trim(),
        required: d.required,
        choices:
          d.type === "choice"
            ? d.choices
                .split(",")
                .map((c) => c.trim())
                .filter(Boolean)
            : [],
      };
    });
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

function FieldRow(props: {
  field: DraftField;
  index: number;
  count: number;
  onChange: (field: DraftField) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { field, index } = props;
  const types = EXTRACTION_FIELD_TYPES.map((type) => ({
    value: type,
    label: t(`extraction.type.${type}` as MessageId),
  }));
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[1fr_10rem_auto]"
      data-testid="extraction-field"
    >
      <TextField
        label={t("extraction.field.name")}
        value={field.name}
        maxLength={EXTRACTION_LIMITS.fieldName}
        onChange={(e) => props.onChange({ ...field, name: e.target.value })}
      />
      <SelectField
        label={t("extraction.field.type")}
        options={types}
        value={field.type}
        onChange={(e) => props.onChange({ ...field, type: e.target.value as ExtractionFieldType })}
      />
      <div className="flex items-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("extraction.field.up")}
          disabled={index === 0}
          onClick={() => props.onMove(index - 1)}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("extraction.field.down")}
          disabled={index === props.count - 1}
          onClick={() => props.onMove(index + 1)}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("extraction.field.remove")}
          onClick={props.onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <TextField
        className="sm:col-span-2"
        label={t("extraction.field.instructions")}
        value={field.instructions}
        maxLength={EXTRACTION_LIMITS.instructions}
        onChange={(e) => props.onChange({ ...field, instructions: e.target.value })}
      />
      <label className="flex items-end gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={field.required}
          onChange={(e) => props.onChange({ ...field, required: e.target.checked })}
        />
        {t("extraction.field.required")}
      </label>
      {field.type === "choice" ? (
        <TextField
          className="sm:col-span-3"
          label={t("extraction.field.choices")}
          value={field.choices}
          onChange={(e) => props.onChange({ ...field, choices: e.target.value })}
        />
      ) : null}
    </li>
  );
}

/** What a row is: a source, or an item a source mentions ("every trial mentioned"). */
function RowModeSwitch(props: {
  value: ExtractionRowMode;
  onChange: (mode: ExtractionRowMode) => void;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="extraction-row-mode">
      <legend className="mb-1 text-sm font-medium">{t("extraction.rowMode.label")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {EXTRACTION_ROW_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="extraction-row-mode"
              className="size-4 accent-accent"
              value={mode}
              checked={props.value === mode}
              onChange={() => props.onChange(mode)}
            />
            {t(`extraction.rowMode.${mode}` as MessageId)}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted">
        {t("extraction.rowMode.hint", { max: EXTRACTION_ITEMS_PER_SOURCE })}
      </p>
    </fieldset>
  );
}

/**
 * The schema: fields by hand, or proposed from a description and then edited, and what a row is
 * (a proposal from "every …" sets a row per item; the person can switch it).
 */
export function SchemaBuilder({
  fields,
  onChange,
  rowMode,
  onRowMode,
}: {
  fields: DraftField[];
  onChange: (fields: DraftField[]) => void;
  rowMode: ExtractionRowMode;
  onRowMode: (mode: ExtractionRowMode) => void;
}) {
  const t = useT();
  const [description, setDescription] = useState("");
  const propose = useProposeFields();
  const proposeFields = () =>
    propose.mutate(description, {
      onSuccess: ({ fields: proposed, rowMode: mode }) => {
        onChange(
          proposed.map((f) =>
            draftField({ ...f, instructions: f.instructions, choices: f.choices.join(", ") }),
          ),
        );
        onRowMode(mode);
      },
    });
  return (
    <div className="flex flex-col gap-4">
      {/* Not a form: the builder sits in the start screen's form (a nested form's submit reaches it). */}
      <div className="flex flex-col gap-2">
        <label htmlFor="extraction-describe" className="text-sm font-medium">
          {t("extraction.describe.label")}
        </label>
        <textarea
          id="extraction-describe"
          className={`${inputClasses} h-20 py-2`}
          placeholder={t("extraction.describe.placeholder")}
          maxLength={EXTRACTION_LIMITS.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={description.trim().length < 3 || propose.isPending}
            onClick={proposeFields}
          >
            {propose.isPending ? <Spinner /> : <Sparkles className="size-4" aria-hidden="true" />}
            {t("extraction.describe.propose")}
          </Button>
        </div>
        {propose.isError ? <Alert kind="error">{errorMessage(propose.error)}</Alert> : null}
      </div>
      <RowModeSwitch value={rowMode} onChange={onRowMode} />
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <FieldRow
            key={field.id}
            field={field}
            index={index}
            count={fields.length}
            onChange={(next) => onChange(fields.map((f) => (f.id === next.id ? next : f)))}
            onMove={(to) => onChange(move(fields, index, to))}
            onRemove={() => onChange(fields.filter((f) => f.id !== field.id))}
          />
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={fields.length >= EXTRACTION_LIMITS.fields}
          onClick={() => onChange([...fields, draftField()])}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("extraction.field.add")}
        </Button>
      </div>
    </div>
  );
}
