export * from "./agents.ts";
export * from "./auth.ts";
export * from "./errors.ts";
export * from "./messages.ts";
export * from "./themes.ts";
export * from "./tiers.ts";
export * from "./user.ts";
export * from "./web.ts";
