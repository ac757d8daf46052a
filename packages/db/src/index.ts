export * from "./client.ts";
export * from "./embedded.ts";
export * from "./migrate.ts";
export * as schema from "./schema/index.ts";
