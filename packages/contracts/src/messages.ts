import type { UsageCounter } from "./tiers.ts";

// No zod here (type imports only): the web's entry takes these strings through
// `@nexus/contracts/messages`, and a module of schemas beside them would bring zod's chunk into
// every first page (messages-spec.test.ts keeps this file free of value imports).

/** User-visible strings from the product specification, used verbatim on both sides. */
export const MESSAGES = {
  verifyPrompt: "Please confirm your email to continue",
  verifyPlaceholder: "Confirm your email address",
  verifyTitle: "Security Verification",
  verifyButton: "Verify & Continue",
  verifyBusy: "Verifying...",
  cancel: "Cancel",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  verificationFailed: "Verification failed. Please try again.",
  signInFailed: "Failed to sign in with email link. The link may be invalid or expired.",
  permissionDenied: "Permission denied.",
  /** Sharing an answer or thread that is not the caller's (or does not exist: the same answer). */
  shareDenied: "Permission denied. You can only share your own answers and threads.",
  noSuchDocument: "No such document!",
  noSuchShare: "No such share exists!",
  noSuchThreadShare: "No such shared thread document!",
  missingRequiredFields: "Missing required fields",
  userIdRequired: "User ID is required for account deletion",
  unexpectedError: "Unexpected Application Error!",
  loading: "Loading...",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Shown instead of "Check your email" when a link was sent moments ago (status recently_sent). */
export const LINK_RECENTLY_SENT_MESSAGE = "We sent a link a minute ago — check your inbox";

/** The usage counters' names (Usage, quota hints). */
export const COUNTER_LABELS: Readonly<Record<UsageCounter, string>> = {
  search: "Searches",
  addFiles: "Files added",
  agentUsage: "Agent chats",
};

/** What the chip, the preview and the sheet say about a citation's mark (citation-checks.ts). */
export const CITATION_VERIFIED_LABEL = "Verified against the source";
export const CITATION_UNVERIFIED_LABEL = "Not found in the source";
