import { agentShowcase } from "virtual:nexus/agent-showcase";
import { faqTeaser } from "virtual:nexus/faq-teaser";
import { PRESET_AGENT_COUNT } from "@nexus/contracts";
import {
  ArrowRight,
  Bot,
  Code,
  GraduationCap,
  Languages,
  type LucideIcon,
  MessageSquareQuote,
  PenLine,
  Search,
  ServerCog,
  Sparkles,
} from "lucide-react";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";

const STEPS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Search,
    title: "Ask in plain language",
    text: "Type a question, pick a focus (web, academic, video, social, writing or local) and ask follow-ups in the same thread.",
  },
  {
    icon: Sparkles,
    title: "Nexus searches and reads",
    text: "Your search provider finds the pages; Nexus reads the best ones and shows them as numbered sources at once.",
  },
  {
    icon: MessageSquareQuote,
    title: "A cited answer streams in",
    text: "Your model writes the answer with [n] citations to check every claim. Without a model, the offline engine quotes its sources word for word.",
  },
  {
    icon: ServerCog,
    title: "Everything stays on your server",
    text: "History, library and share links live in your own PostgreSQL. Plug in any OpenAI-compatible model and SearXNG, Tavily or Brave.",
  },
];

/** Each showcased agent's icon (build/content-plugin.ts picks the agents, in this order). */
const SHOWCASE_ICONS: Readonly<Record<string, LucideIcon>> = {
  writer: PenLine,
  studybuddy: GraduationCap,
  "code-buddy": Code,
  translator: Languages,
};

/** The showcased agents: their names and lines come from the catalogue in contracts. */
const AGENTS: ReadonlyArray<{ icon: LucideIcon; name: string; text: string }> = agentShowcase.map(
  ({ id, name, description }) => ({ icon: SHOWCASE_ICONS[id] ?? Bot, name, text: description }),
);

const SHOWCASE_NAMES = ["ELI5", "Email Response", "Humanizer", "Systems Thinking", "URL Q&A"];

/** How an answer is made, in four steps. */
export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-heading" className="border-y border-border bg-surface-2/50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-heading" className="text-3xl font-semibold tracking-tight">
            How it works
          </h2>
          <p className="mt-3 text-muted">From question to checked answer in a few seconds.</p>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative flex flex-col gap-3">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-fg">
                  {index + 1}
                </span>
                <Icon className="size-5 text-accent" aria-hidden="true" />
              </div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The preset agents: ready to chat with a model; the ones that search or read work offline too. */
export function AgentsShowcase({ onNavigate }: { onNavigate?: NavigateFn }) {
  return (
    <section aria-labelledby="agents-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-fg">
            <Bot className="size-3.5" aria-hidden="true" />
            Agents
          </p>
          <h2 id="agents-heading" className="mt-4 text-3xl font-semibold tracking-tight">
            {PRESET_AGENT_COUNT} ready-made agents, and your own
          </h2>
          <p className="mt-3 text-muted">
            Assistants with a fixed role for writing, learning, work and reflection, ready to chat
            in the agents hub once the server has a language model. The ones that search the web or
            read a page, such as Quick Answer and URL Q&amp;A, answer from their sources even
            without one, in offline mode. Make your own custom agents with your instructions, tools
            and your own files as knowledge, and share them by link: the people you share with get
            answers from those files but can never open them.
          </p>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="More agents">
            {SHOWCASE_NAMES.map((name) => (
              <li
                key={name}
                className="rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted"
              >
                {name}
              </li>
            ))}
          </ul>
          <NavAnchor
            href={paths.app.agents.href()}
            onNavigate={onNavigate}
            className="mt-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Open the agents hub
            <ArrowRight className="size-4" aria-hidden="true" />
          </NavAnchor>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {AGENTS.map(({ icon: Icon, name, text }) => (
            <li key={name} className="rounded-2xl border border-border bg-surface p-5 shadow-xs">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{name}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The first questions of content/faq.md, each linking to its answer on /faq. */
export function FaqTeaser({ onNavigate }: { onNavigate?: NavigateFn }) {
  return (
    <section aria-labelledby="faq-teaser-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <h2 id="faq-teaser-heading" className="text-3xl font-semibold tracking-tight">
            Questions people ask
          </h2>
          <p className="mt-3 text-muted">Short answers; the FAQ has the rest.</p>
        </div>
        <NavAnchor
          href={paths.faq.href()}
          onNavigate={onNavigate}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          All questions
          <ArrowRight className="size-4" aria-hidden="true" />
        </NavAnchor>
      </div>
      <ul className="mt-8 grid gap-4 md:grid-cols-2" data-testid="faq-teaser">
        {faqTeaser.map((item) => (
          <li key={item.id}>
            <NavAnchor
              href={`${paths.faq.href()}#${item.id}`}
              onNavigate={onNavigate}
              className="group flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-5 shadow-xs transition-colors hover:border-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="font-semibold group-hover:text-accent">{item.question}</span>
              <span className="text-sm text-muted">{item.answer}</span>
            </NavAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}
