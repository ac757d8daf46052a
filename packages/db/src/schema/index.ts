export * from "./feedback.ts";
export * from "./history.ts";
export * from "./knowledge.ts";
export * from "./leads.ts";
export * from "./rate-limits.ts";
export * from "./shares.ts";
export * from "./usage.ts";
export * from "./users.ts";
