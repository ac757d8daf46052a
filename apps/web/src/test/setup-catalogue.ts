import { needCatalogue } from "@/lib/i18n/i18n.ts";

// Components under test read the app's strings (the browser loads them with the app's code,
// src/main.tsx). Not in the isolated project's setup: zod-jitless.test.ts must import zod first.
await needCatalogue("app");
// Deep research's own part (the router loads it with its screens and the share page).
await needCatalogue("research");
