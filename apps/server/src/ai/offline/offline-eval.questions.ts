/**
 * Questions a person might ask about Nexus, each with the knowledge document
 * (content/<path>: blog/<slug>.md or faq.md) whose sentences should answer it. Used by offline-eval.test.ts.
 */
export interface EvalQuestion {
  question: string;
  path: string;
}

export const EVAL_QUESTIONS: readonly EvalQuestion[] = [
  { question: "What is Nexus?", path: "blog/what-is-nexus.md" },
  { question: "Is Nexus an open alternative to Perplexity?", path: "blog/what-is-nexus.md" },
  { question: "How does Nexus make an answer with citations?", path: "blog/what-is-nexus.md" },
  { question: "How do I install and start Nexus?", path: "blog/getting-started.md" },
  { question: "Which Node.js version do I need?", path: "blog/getting-started.md" },
  {
    question: "Where do I find the sign-in link when there is no SMTP server?",
    // Answered word for word by the sign-in guide ("…the link is written to the server log…").
    path: "blog/signing-in.md",
  },
  { question: "How long is a sign-in link valid?", path: "blog/signing-in.md" },
  { question: "Why does the Security Verification modal appear?", path: "blog/signing-in.md" },
  { question: "What happens when I sign out on the library page?", path: "blog/signing-in.md" },
  {
    question: "How many searches can anonymous visitors run per day?",
    path: "blog/plans-and-limits.md",
  },
  {
    question: "How many agent chats does the free tier include?",
    path: "blog/plans-and-limits.md",
  },
  {
    question: "How many file uploads does the pro tier include?",
    path: "blog/plans-and-limits.md",
  },
  { question: "How do I upgrade to pro?", path: "blog/plans-and-limits.md" },
  { question: "When do monthly limits reset?", path: "blog/usage-and-resets.md" },
  { question: "What does the usage page show?", path: "blog/usage-and-resets.md" },
  { question: "How do I use an external PostgreSQL database?", path: "blog/self-hosting.md" },
  {
    question: "How do I configure SMTP for sign-in e-mails?",
    // The walkthrough's step "Send sign-in links by e-mail" (SMTP_URL, MAIL_FROM, TLS ports).
    path: "blog/self-hosting-walkthrough.md",
  },
  { question: "What does TRUST_PROXY do behind a reverse proxy?", path: "blog/self-hosting.md" },
  { question: "How do I name myself super-admin?", path: "blog/administration.md" },
  {
    question: "How do I give someone the pro tier from the command line?",
    path: "blog/administration.md",
  },
  { question: "How do I connect Ollama?", path: "blog/connecting-a-model.md" },
  { question: "Which port does LM Studio's local server use?", path: "blog/connecting-a-model.md" },
  { question: "What is LLM_REASONING_MODEL for?", path: "blog/connecting-a-model.md" },
  { question: "How do I use SearXNG as the search provider?", path: "blog/search-providers.md" },
  { question: "What does local search cover?", path: "blog/search-providers.md" },
  { question: "Which key does the Brave search provider need?", path: "blog/search-providers.md" },
  { question: "What can't the offline engine do?", path: "blog/offline-mode.md" },
  { question: "How does the offline engine choose sentences?", path: "blog/offline-mode.md" },
  { question: "What does the writing focus mode do?", path: "blog/focus-modes.md" },
  { question: "Which sources does academic focus search?", path: "blog/focus-modes.md" },
  { question: "Is my session cookie protected?", path: "blog/privacy-and-security.md" },
  { question: "What is stored about anonymous visitors?", path: "blog/privacy-and-security.md" },
  { question: "Which colour themes are available?", path: "blog/appearance.md" },
  { question: "How do I revoke a share link?", path: "blog/history-library-sharing.md" },
  {
    question: "How many threads does the history page show per page?",
    path: "blog/history-library-sharing.md",
  },
  { question: "How do I create a custom agent?", path: "blog/agents.md" },
  { question: "What is deep research?", path: "blog/agents.md" },
  { question: "How many files can a free account upload?", path: "blog/files-and-documents.md" },
  { question: "How do I open a password-protected PDF?", path: "blog/files-and-documents.md" },
  {
    question: "What happens if I upload the same file twice?",
    path: "blog/files-and-documents.md",
  },
  { question: "Can I attach files in an agent chat?", path: "blog/files-and-documents.md" },
  { question: "How do I know how many searches I have left?", path: "faq.md" },
  { question: "Do I need an API key to try Nexus?", path: "faq.md" },
  { question: "Is my data used to train models?", path: "faq.md" },
];

/**
 * Questions the knowledge base cannot answer (issue 38): the offline engine must refuse each one
 * rather than quote guides that share a word with it. The first is the landing page's old example.
 */
export const OUT_OF_SCOPE_QUESTIONS: readonly string[] = [
  "How do heat pumps work in cold climates?",
  "How does photosynthesis work?",
  "What is the capital of Australia?",
  "How do I bake sourdough bread at home?",
  "Who won the 2018 football World Cup?",
  "What are the symptoms of the flu?",
  "How do I change a flat tyre on a bicycle?",
  "Why is the sky blue?",
];
