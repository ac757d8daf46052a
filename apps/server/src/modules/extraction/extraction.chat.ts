import { threadPaths } from "@nexus/contracts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";
import { EXTRACTION_RUN_KIND } from "./extraction.service.ts";
import { extractionThread, inProgress, subjects } from "./extraction.thread.ts";

/** What lists call a structured extraction (History's badge, Settings' share list). */
export const EXTRACTION_LABEL = "Extraction";

/**
 * The extraction kind (ARCHITECTURE.md §3.1 "A kind is declared once"): an extraction's thread is
 * the extraction (its id), opened at its table, listed in History and Recent from its start with
 * its state, its table summarised as the reply once a run has filled a row
 * (extraction.thread.ts). Its runs are modules/runs jobs (extraction.jobs.ts), not chat turns.
 */
export const extractionKind: KindDeclaration = {
  kind: EXTRACTION_RUN_KIND,
  label: EXTRACTION_LABEL,
  icon: "table",
  badge: () => EXTRACTION_LABEL,
  link: ({ threadId }) => threadPaths.extraction(threadId),
  share: { keepsParts: false },
  subjects,
  thread: extractionThread,
  inProgress,
};
