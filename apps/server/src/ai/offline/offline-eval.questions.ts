/**
 * Questions a person might ask about Nexus, each with the knowledge document
 * (apps/server/knowledge/<path>) whose sentences should answer it. Used by offline-eval.test.ts.
 */
export interface EvalQuestion {
  question: string;
  path: string;
}

export const EVAL_QUESTIONS: readonly EvalQuestion[] = [
  { question: "What is Nexus?", path: "what-is-nexus.md" },
  { question: "Is Nexus an open alternative to Perplexity?", path: "what-is-nexus.md" },
  { question: "How does Nexus make an answer with citations?", path: "what-is-nexus.md" },
  { question: "How do I install and start Nexus?", path: "getting-started.md" },
  { question: "Which Node.js version do I need?", path: "getting-started.md" },
  {
    question: "Where do I find the sign-in link when there is no SMTP server?",
    path: "getting-started.md",
  },
  { question: "How long is a sign-in link valid?", path: "signing-in.md" },
  { question: "Why does the Security Verification modal appear?", path: "signing-in.md" },
  { question: "What happens when I sign out on the library page?", path: "signing-in.md" },
  {
    question: "How many searches can anonymous visitors run per day?",
    path: "plans-and-limits.md",
  },
  { question: "How many agent chats does the free tier include?", path: "plans-and-limits.md" },
  { question: "How many file uploads does the pro tier include?", path: "plans-and-limits.md" },
  { question: "How do I upgrade to pro?", path: "plans-and-limits.md" },
  { question: "When do monthly limits reset?", path: "usage-and-resets.md" },
  { question: "What does the usage page show?", path: "usage-and-resets.md" },
  { question: "How do I use an external PostgreSQL database?", path: "self-hosting.md" },
  { question: "How do I configure SMTP for sign-in e-mails?", path: "self-hosting.md" },
  { question: "What does TRUST_PROXY do behind a reverse proxy?", path: "self-hosting.md" },
  { question: "How do I name myself super-admin?", path: "administration.md" },
  {
    question: "How do I give someone the pro tier from the command line?",
    path: "administration.md",
  },
  { question: "How do I connect Ollama?", path: "connecting-a-model.md" },
  { question: "Which port does LM Studio's local server use?", path: "connecting-a-model.md" },
  { question: "What is LLM_REASONING_MODEL for?", path: "connecting-a-model.md" },
  { question: "How do I use SearXNG as the search provider?", path: "search-providers.md" },
  { question: "What does local search cover?", path: "search-providers.md" },
  { question: "Which key does the Brave search provider need?", path: "search-providers.md" },
  { question: "What can't the offline engine do?", path: "offline-mode.md" },
  { question: "How does the offline engine choose sentences?", path: "offline-mode.md" },
  { question: "What does the writing focus mode do?", path: "focus-modes.md" },
  { question: "Which sources does academic focus search?", path: "focus-modes.md" },
  { question: "Is my session cookie protected?", path: "privacy-and-security.md" },
  { question: "What is stored about anonymous visitors?", path: "privacy-and-security.md" },
  { question: "Which colour themes are available?", path: "appearance.md" },
  { question: "How do I revoke a share link?", path: "history-library-sharing.md" },
  {
    question: "How many threads does the history page show per page?",
    path: "history-library-sharing.md",
  },
  { question: "How do I create a custom agent?", path: "agents.md" },
  { question: "What is deep research?", path: "agents.md" },
  { question: "How many files can a free account upload?", path: "files-and-documents.md" },
  { question: "Do I need an API key to try Nexus?", path: "faq.md" },
  { question: "Is my data used to train models?", path: "faq.md" },
];
