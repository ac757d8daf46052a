export * from "./client.ts";
export * from "./connect-retry.ts";
export * from "./embedded.ts";
export * from "./migrate.ts";
export * from "./read-replicas.ts";
export * as schema from "./schema/index.ts";
