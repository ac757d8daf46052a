declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL URL (admin database) of the run's server; see global-setup.ts. */
    pgAdminUrl: string;
  }
}

export {};
