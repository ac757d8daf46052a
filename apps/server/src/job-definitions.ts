import type { JobDefinition } from "./jobs/job-definition.ts";
import { HOUSEKEEPING_JOB } from "./jobs.ts";
import { EXTRACTION_JOBS } from "./modules/extraction/extraction.jobs.ts";
import { FILE_JOBS } from "./modules/files/files.jobs.ts";
import { RESEARCH_JOBS } from "./modules/research/research.jobs.ts";
import { RUN_JOBS } from "./modules/runs/runs.jobs.ts";

/**
 * Every durable job kind, from the modules that own them (modules/<x>/<x>.jobs.ts):
 * startJobRuntime registers the list and knows no module. Kept apart from runtime-deps.ts, which
 * the chat workers load, so they never load the job handlers.
 */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  ...RUN_JOBS,
  ...FILE_JOBS,
  ...RESEARCH_JOBS,
  ...EXTRACTION_JOBS,
  HOUSEKEEPING_JOB,
];
