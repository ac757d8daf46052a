import {
  EXTRACTION_FIELD_TYPES,
  EXTRACTION_LIMITS,
  type ExtractionField,
  type ExtractionRowMode,
  extractionFieldKey,
  extractionFieldSchema,
  suggestedRowMode,
} from "@nexus/contracts";
import { z } from "zod";
import { structured } from "../../ai/structured-output.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { clientNetworkKey } from "../../lib/client-network.ts";
import { AppError } from "../../lib/errors.ts";
import { enforceLimit } from "../../middleware/rate-limit.ts";
import { callerOf, needsModel, quotaWall } from "./extraction.service.ts";

/**
 * POST /api/extractions/propose ("describe what you want" → fields to edit): metered like
 * research planning — refused past the agent quota (nothing taken), rate-limited per account and
 * per client network before the model call.
 */

const RATE_WINDOW_MS = 10 * 60_000;

const proposedSchema = z.object({
  fields: z
    .array(
      z.object({
        name: z.string(),
        type: z.string().optional(),
        instructions: z.string().optional().nullable(),
        required: z.boolean().optional().nullable(),
        choices: z.array(z.string()).optional().nullable(),
      }),
    )
    .max(60),
});
type Proposed = z.infer<typeof proposedSchema>;

const SYSTEM = [
  "You turn a description of a table to extract from documents into its columns.",
  `Each field has a short name, a type (one of: ${EXTRACTION_FIELD_TYPES.join(", ")}),`,
  "instructions saying what to look for (one sentence), whether it is required, and for a",
  "'choice' field its choices. Give only the fields the description asks for, at most",
  `${EXTRACTION_LIMITS.fields}.`,
].join(" ");

/** Fields from the model's proposal: typed, keyed, deduplicated, each valid or left out. */
export function fieldsFrom(proposed: Proposed): ExtractionField[] {
  const out: ExtractionField[] = [];
  const keys = new Set<string>();
  for (const f of proposed.fields) {
    const type = (EXTRACTION_FIELD_TYPES as readonly string[]).includes(f.type ?? "")
      ? f.type
      : "text";
    const name = f.name.trim().slice(0, EXTRACTION_LIMITS.fieldName);
    const key = extractionFieldKey(name);
    if (keys.has(key)) continue;
    const parsed = extractionFieldSchema.safeParse({
      key,
      name,
      type,
      instructions: (f.instructions ?? "").slice(0, EXTRACTION_LIMITS.instructions),
      required: f.required ?? false,
      choices: (f.choices ?? []).slice(0, EXTRACTION_LIMITS.choices),
    });
    if (!parsed.success) continue;
    keys.add(key);
    out.push(parsed.data);
    if (out.length >= EXTRACTION_LIMITS.fields) break;
  }
  return out;
}

/** "- name (type): instructions" lines, the plain-text fallback's answer. */
function fromLines(text: string): Proposed | null {
  const fields: Proposed["fields"] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:[-*•]|\d+[.)])\s*([^():]+?)\s*(?:\(([a-z]+)\))?\s*(?::\s*(.*))?$/.exec(line);
    if (m?.[1]) fields.push({ name: m[1], type: m[2], instructions: m[3] ?? "" });
  }
  return fields.length > 0 ? { fields } : null;
}

export async function propose(
  deps: Deps,
  user: SessionUser,
  input: { description: string },
  options: { ip: string; signal?: AbortSignal },
): Promise<{ fields: ExtractionField[]; rowMode: ExtractionRowMode }> {
  needsModel(deps);
  await quotaWall(deps, callerOf(user), false);
  const limit = deps.env.RESEARCH_PLAN_RATE_LIMIT;
  const message = "Too many schema proposals asked for: wait a few minutes and try again.";
  await enforceLimit({
    deps,
    rule: { bucket: "extraction-propose-user", limit, windowMs: RATE_WINDOW_MS },
    key: user.id,
    message,
  });
  await enforceLimit({
    deps,
    rule: { bucket: "extraction-propose-ip", limit: limit * 3, windowMs: RATE_WINDOW_MS },
    key: clientNetworkKey(options.ip),
    message,
  });
  const answer = await structured<Proposed>({
    model: deps.models.chatModel({ reasoning: false }).model,
    schema: proposedSchema,
    system: SYSTEM,
    prompt: `Description: ${input.description}\n\nAnswer with JSON: { "fields": [ { "name", "type", "instructions", "required", "choices" } ] }.`,
    textSystem: SYSTEM,
    textPrompt: `Description: ${input.description}\n\nAnswer with one line per field: - name (type): instructions`,
    fromText: fromLines,
    signal: options.signal ?? new AbortController().signal,
  });
  const fields = answer.value ? fieldsFrom(answer.value) : [];
  if (fields.length === 0)
    throw new AppError("bad_gateway", "No fields could be proposed. Try describing them again.");
  // "every trial mentioned: …" is a row per item (the person can switch it before starting).
  return { fields, rowMode: suggestedRowMode(input.description) };
}
