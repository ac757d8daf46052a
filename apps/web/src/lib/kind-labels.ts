import { type MessageId, t } from "./i18n/i18n.ts";

/**
 * The kinds' web registry of labels (ARCHITECTURE.md §3.1): each kind's label as a catalogue key,
 * so lists show it in the interface's language rather than the English its server declaration
 * gives (`label`, and `badge` when the badge is the label: "Deep research"). It maps ids to keys
 * and branches on none; a kind not listed here (a new one, before its key) reads its declaration's
 * English, as before.
 */
const KIND_LABEL_KEYS: Readonly<Record<string, MessageId>> = {
  answer: "kinds.answer",
  agent: "kinds.agent",
  document: "kinds.document",
  research: "kinds.research",
  nexdocs: "kinds.nexdocs",
  "nexdocs-ai": "kinds.nexdocsAi",
  extraction: "kinds.extraction",
};

/** A kind's label in the interface's language ("Recherche approfondie"). */
export function kindLabel(presentation: { kind: string; label: string }): string {
  const key = KIND_LABEL_KEYS[presentation.kind];
  return key ? t(key) : presentation.label;
}

/**
 * The badge a listed thread shows: its kind's label, translated, when the kind badges its threads
 * with its label (deep research, extraction); else the badge as it is (an agent's or a document's
 * name, which no catalogue translates); null: none.
 */
export function kindBadge(presentation: {
  kind: string;
  label: string;
  badge: string | null;
}): string | null {
  const { badge, label } = presentation;
  if (badge === null) return null;
  return badge === label ? kindLabel(presentation) : badge;
}
