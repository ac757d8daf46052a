import type { Deps } from "../deps.ts";

/** One job as its handler gets it. */
export interface QueueJob<T> {
  id: string;
  data: T;
  /** Attempts before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

/**
 * A kind of durable job, exported by the module that owns it (modules/<x>/<x>.jobs.ts); the list
 * is built in job-definitions.ts and handed to startJobRuntime, which knows no module.
 */
export interface JobDefinition<T extends object = object> {
  /** The pg-boss queue. */
  name: string;
  /** Attempts after the first failed one (default: the runtime's, 3). */
  retryLimit?: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each retry. */
  retryBackoff?: boolean;
  /** "short": a job sent with the singletonKey of one still waiting is dropped. */
  policy?: "standard" | "short";
  /** A job still active after this long (its instance died) is retried (default JOB_EXPIRE_SECONDS). */
  expireInSeconds?: number;
  /** Where pg-boss moves a job that failed its last attempt (a crash on it too): a queue's name. */
  deadLetter?: string;
  /** Handlers of this instance at once; 0: this instance sends these jobs but runs none. */
  concurrency(deps: Deps): number;
  /** `runtime`: what the job runtime runs (every definition: a dead-letter queue finds a run's). */
  handler(deps: Deps, job: QueueJob<T>, runtime: JobRuntimeView): Promise<void>;
  /** Once as this instance's workers start (sweeps, catching up); a failure is logged. */
  onStart?(deps: Deps): Promise<void>;
  /** A cron (UTC): pg-boss sends one job per tick across every instance (boss.schedule). */
  cron?: string;
  /** The kind of run its jobs do (modules/runs), with what that kind does once a run has ended. */
  run?: {
    kind: string;
    ended?(
      deps: Deps,
      run: { id: string; kind: string },
      data: Record<string, unknown>,
    ): Promise<void>;
  };
}

/** What a handler may know of the runtime running it: the job definitions it was started with. */
export interface JobRuntimeView {
  definitions: readonly JobDefinition[];
}

/** Typed definitions in one list (a handler's data type stays its own). */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition {
  return definition as unknown as JobDefinition;
}
