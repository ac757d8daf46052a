/** Types of debian-postgres.mjs for TypeScript callers (tests). */
export interface DebianPostgres {
  url: string;
  port: number;
  dir: string;
  version: string;
  stop: () => Promise<void>;
}
export function findDebianPostgres(): { version: string; bin: string } | null;
export function start(options?: Record<string, unknown>): Promise<DebianPostgres>;
