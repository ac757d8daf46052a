import type { AgentFormField } from "@nexus/contracts";
import { clsx } from "clsx";
import { PenLine } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { inputClasses, TextField } from "@/components/ui/text-field.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** The first message a structured helper gets: each filled field as its label and its value. */
export function formMessage(fields: readonly AgentFormField[], values: Record<string, string>) {
  return fields
    .flatMap((field) => {
      const value = (values[field.name] ?? "").trim();
      return value ? [`${field.label}:\n${value}`] : [];
    })
    .join("\n\n");
}

function TextArea({
  field,
  value,
  onChange,
  disabled,
}: {
  field: AgentFormField;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {field.label}
        {field.required ? null : (
          <span className="font-normal text-subtle"> {t("agentForm.optional")}</span>
        )}
      </label>
      <textarea
        id={id}
        value={value}
        required={field.required}
        disabled={disabled}
        placeholder={field.placeholder}
        rows={4}
        maxLength={4000}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(inputClasses, "h-auto min-h-24 resize-y py-2")}
      />
    </div>
  );
}

/**
 * A structured helper's form (title-generator, email-response, letter-generator): the fields the
 * agent needs, sent as one labelled first message; the draft comes back as its reply.
 */
export function AgentForm({
  fields,
  disabled,
  onSubmit,
}: {
  fields: readonly AgentFormField[];
  disabled: boolean;
  onSubmit: (message: string) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = formMessage(fields, values);
    if (message) onSubmit(message);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="agent-form-heading"
      data-testid="agent-form"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-5"
    >
      <h2 id="agent-form-heading" className="text-sm font-semibold">
        {t("agentForm.heading")}
      </h2>
      {fields.map((field) => {
        const value = values[field.name] ?? "";
        if (field.type === "textarea")
          return (
            <TextArea
              key={field.name}
              field={field}
              value={value}
              onChange={set(field.name)}
              disabled={disabled}
            />
          );
        if (field.type === "select")
          return (
            <SelectField
              key={field.name}
              label={field.label}
              options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
              placeholder={t("agentForm.choose")}
              required={field.required}
              disabled={disabled}
              value={value}
              onChange={(event) => set(field.name)(event.target.value)}
            />
          );
        return (
          <TextField
            key={field.name}
            label={
              field.required ? field.label : t("agentForm.optionalLabel", { label: field.label })
            }
            required={field.required}
            disabled={disabled}
            placeholder={field.placeholder}
            maxLength={400}
            value={value}
            onChange={(event) => set(field.name)(event.target.value)}
          />
        );
      })}
      <div>
        <Button type="submit" disabled={disabled}>
          <PenLine className="size-4" aria-hidden="true" />
          {t("agentForm.submit")}
        </Button>
      </div>
    </form>
  );
}
