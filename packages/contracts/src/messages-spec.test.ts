import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";

// Every user-visible string the product specification quotes is used verbatim (ARCHITECTURE.md
// §6.10). The spec is not in the repository, so its literal text is copied here, each with the
// spec's words around it (from ../shared/spec/000_face7560a6d92ca3.txt, checked against it when
// written): editing a message in messages.ts without the spec changing fails this test.
const SPEC: Record<string, { text: string; spec: string }> = {
  verifyPrompt: {
    text: "Please confirm your email to continue",
    spec: "- Prompt: 'Please confirm your email to continue'.",
  },
  verifyPlaceholder: {
    text: "Confirm your email address",
    spec: "- Input placeholder: 'Confirm your email address'.",
  },
  verifyTitle: { text: "Security Verification", spec: "### Security Verification modal" },
  verifyButton: {
    text: "Verify & Continue",
    spec: "- Buttons: Cancel and 'Verify & Continue' (busy label 'Verifying...').",
  },
  verifyBusy: {
    text: "Verifying...",
    spec: "- Buttons: Cancel and 'Verify & Continue' (busy label 'Verifying...').",
  },
  cancel: {
    text: "Cancel",
    spec: "- Buttons: Cancel and 'Verify & Continue' (busy label 'Verifying...').",
  },
  emailRequired: {
    text: "Email address is required",
    spec: "- Confirmation modal: empty gives 'Email address is required';",
  },
  emailInvalid: {
    text: "Please enter a valid email address",
    spec: "a value not shaped like an e-mail address gives 'Please enter a valid email address'.",
  },
  verificationFailed: {
    text: "Verification failed. Please try again.",
    spec: "| 'Verification failed. Please try again.' | confirmation fails; modal stays open |",
  },
  signInFailed: {
    text: "Failed to sign in with email link. The link may be invalid or expired.",
    spec: "| 'Failed to sign in with email link. The link may be invalid or expired.' | general sign-in link failure |",
  },
  noSuchDocument: {
    text: "No such document!",
    spec: "| 'No such document!' | history item not found |",
  },
  noSuchShare: {
    text: "No such share exists!",
    spec: "| 'No such share exists!' | share not found |",
  },
  noSuchThreadShare: {
    text: "No such shared thread document!",
    spec: "| 'No such shared thread document!' | thread share not",
  },
  missingRequiredFields: {
    text: "Missing required fields",
    spec: "- Lead: e-mail and fullName are required, otherwise 'Missing required fields'.",
  },
  userIdRequired: {
    text: "User ID is required for account deletion",
    spec: "| 'User ID is required for account deletion' | deletion without",
  },
  unexpectedError: {
    text: "Unexpected Application Error!",
    spec: "A generic fallback page titled 'Unexpected Application Error!' appears on unhandled",
  },
  loading: { text: "Loading...", spec: "A spinner with the text Loading... shows while pages l" },
};

/**
 * Messages adapted from the spec on purpose: the spec's 'Permission denied. Please check Firestore
 * rules.' names a backend Nexus does not have (SECURITY.md: no internals in responses).
 */
const ADAPTED: Record<string, { text: string; spec: string }> = {
  permissionDenied: {
    text: "Permission denied.",
    spec: "| 'Permission denied. Please check Firestore rules.' | share creation denied |",
  },
  shareDenied: {
    text: "Permission denied. You can only share your own answers and threads.",
    spec: "| 'Permission denied. Please check Firestore rules.' | share creation denied |",
  },
};

describe("spec messages", () => {
  it.each(Object.entries(SPEC))("%s is the spec's literal text", (key, { text, spec }) => {
    expect(spec).toContain(text);
    expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });

  it.each(Object.entries(ADAPTED))("%s keeps its adapted text", (key, { text }) => {
    expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });

  it("every message is pinned here (a new one is added with its spec text)", () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(
      [...Object.keys(SPEC), ...Object.keys(ADAPTED)].sort(),
    );
  });
});
