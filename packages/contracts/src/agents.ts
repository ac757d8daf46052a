import { z } from "zod";

/** Preset chat agents reachable at /app/agents/:agentId (spec §2); any other id is not found. */
export const PRESET_AGENT_IDS = [
  "deepseekchat",
  "maya",
  "nexbuddy",
  "studybuddy",
  "therapist",
  "faq-generator",
  "humanizer",
  "story-generator",
  "eli5",
  "quick-answer",
  "email-response",
  "title-generator",
  "letter-generator",
  "social",
  "image-generator",
  "writer",
  "doctor",
  "companion",
  "comedian",
  "homeworkhelper",
  "sales",
  "support",
  "hr",
  "it_support",
  "legal",
  "product_info",
  "marketing",
  "code-buddy",
  "youtube-summarizer",
  "url-qa",
  "translator",
  "metaprompter",
  "self-reflection",
  "pareto-principle",
  "systems-thinking",
  "life-performance-reviewer",
  "interactive-python-course",
  "mind-mastery-training",
  "reality-transurfing-teacher",
  "future-self-mentor",
  "behavioral-economist",
  "mind-gym-session",
  "thought-articulation-master",
] as const;
export type PresetAgentId = (typeof PRESET_AGENT_IDS)[number];

export function isPresetAgentId(value: unknown): value is PresetAgentId {
  return typeof value === "string" && (PRESET_AGENT_IDS as readonly string[]).includes(value);
}

/** A preset agent as catalogues show it: its display name and one line on what it does. */
export interface PresetAgentInfo {
  name: string;
  description: string;
}

/**
 * One line per preset agent (the landing page and the agents hub use these). Names that come from
 * the product's history ("DeepSeek Chat", "Maya") say plainly what they are.
 */
export const PRESET_AGENT_INFO: Record<PresetAgentId, PresetAgentInfo> = {
  // The id stays (spec §2); the name is not a vendor's: it chats with whatever model the server runs.
  deepseekchat: {
    name: "Model Chat",
    description:
      "Talks straight to the language model this server runs: no web search, no tools, no persona.",
  },
  maya: {
    name: "Maya",
    description: "An everyday helper that checks the web: quick questions, plans, trips and ideas.",
  },
  nexbuddy: { name: "NexBuddy", description: "Helps you get the most out of Nexus itself." },
  studybuddy: { name: "Study Buddy", description: "Explains a topic and quizzes you on it." },
  therapist: {
    name: "Therapist",
    description: "A calm listener for reflecting on feelings; not a substitute for care.",
  },
  "faq-generator": {
    name: "FAQ Generator",
    description: "Turns a text or product description into clear questions and answers.",
  },
  humanizer: {
    name: "Humanizer",
    description: "Rewrites stiff or machine-sounding text so it reads naturally.",
  },
  "story-generator": {
    name: "Story Generator",
    description: "Writes short stories from a premise, a genre and characters.",
  },
  eli5: { name: "ELI5", description: "Explains anything as if to a curious five-year-old." },
  "quick-answer": {
    name: "Quick Answer",
    description: "Short, direct answers without the detail.",
  },
  "email-response": {
    name: "Email Response",
    description: "Drafts a reply to an e-mail in the tone you choose.",
  },
  "title-generator": {
    name: "Title Generator",
    description: "Suggests titles and headlines for an article, video or post.",
  },
  "letter-generator": {
    name: "Letter Generator",
    description: "Writes formal letters: applications, complaints, requests.",
  },
  social: { name: "Social", description: "Writes posts for social networks from your idea." },
  "image-generator": {
    name: "Image Generator",
    description: "Makes images from a description (needs an image model).",
  },
  writer: { name: "Writer", description: "Drafts, rewrites and polishes your text." },
  doctor: {
    name: "Doctor",
    description: "General health information in plain words; not a diagnosis.",
  },
  companion: {
    name: "Companion",
    description: "Friendly small talk for company: your day, your interests; not for tasks.",
  },
  comedian: { name: "Comedian", description: "Jokes, puns and funny takes on any topic." },
  homeworkhelper: {
    name: "Homework Helper",
    description: "Walks through homework step by step instead of giving the answer away.",
  },
  sales: { name: "Sales", description: "Pitches, objection handling and follow-up messages." },
  support: { name: "Support", description: "Answers customer questions politely and clearly." },
  hr: { name: "HR", description: "Job descriptions, policies and people questions at work." },
  it_support: {
    name: "IT Support",
    description: "Troubleshoots computer, network and software problems with you.",
  },
  legal: {
    name: "Legal",
    description: "Explains legal terms and documents in plain words; not legal advice.",
  },
  product_info: {
    name: "Product Info",
    description: "Writes product descriptions and answers questions about a product.",
  },
  marketing: { name: "Marketing", description: "Campaign ideas, slogans and marketing copy." },
  "code-buddy": { name: "Code Buddy", description: "Reads, explains and fixes code with you." },
  "youtube-summarizer": {
    name: "YouTube Summarizer",
    description: "Summarises a YouTube video from its transcript.",
  },
  "url-qa": { name: "URL Q&A", description: "Answers questions about the page at a link." },
  translator: { name: "Translator", description: "Translates while keeping tone and meaning." },
  metaprompter: {
    name: "Metaprompter",
    description: "Turns a rough request into a precise prompt for another AI.",
  },
  "self-reflection": {
    name: "Self-Reflection",
    description: "Guided questions to think through a decision or a day.",
  },
  "pareto-principle": {
    name: "Pareto Principle",
    description: "Finds the 20% of effort that brings 80% of the result.",
  },
  "systems-thinking": {
    name: "Systems Thinking",
    description: "Maps causes, feedback loops and side effects of a problem.",
  },
  "life-performance-reviewer": {
    name: "Life Performance Reviewer",
    description: "Reviews your goals and habits and suggests what to change.",
  },
  "interactive-python-course": {
    name: "Interactive Python Course",
    description: "Teaches Python lesson by lesson with exercises.",
  },
  "mind-mastery-training": {
    name: "Mind Mastery Training",
    description: "Exercises for focus, calm and mental habits.",
  },
  "reality-transurfing-teacher": {
    name: "Reality Transurfing Teacher",
    description: "Explains the ideas of Vadim Zeland's Reality Transurfing books.",
  },
  "future-self-mentor": {
    name: "Future Self Mentor",
    description: "Advice written as if from the person you want to become.",
  },
  "behavioral-economist": {
    name: "Behavioral Economist",
    description: "Explains choices and biases with behavioural economics.",
  },
  "mind-gym-session": {
    name: "Mind Gym Session",
    description: "Short puzzles and thinking exercises to train your mind.",
  },
  "thought-articulation-master": {
    name: "Thought Articulation Master",
    description: "Helps you put a half-formed thought into clear words.",
  },
};

/** Tools a preset agent may be given (ARCHITECTURE.md §3.1: `ai/tools/<name>.ts`). */
export const AGENT_TOOLS = [
  "web-search",
  "read-url",
  "search-files",
  "youtube-transcript",
  "generate-image",
  "run-code",
] as const;
export type AgentTool = (typeof AGENT_TOOLS)[number];

/** What each tool lets an agent do, in a few words (the custom agent editor, a chat's Tools menu). */
export const AGENT_TOOL_LABELS: Record<AgentTool, string> = {
  "web-search": "Search the web",
  "read-url": "Read web pages",
  "search-files": "Search files",
  "youtube-transcript": "Read YouTube transcripts",
  "generate-image": "Generate images",
  "run-code": "Run code (Python, JavaScript)",
};

/** The agents hub's categories, in the order it shows them. */
export const AGENT_CATEGORIES = [
  "everyday",
  "writing",
  "learning",
  "work",
  "research",
  "code",
  "wellbeing",
  "thinking",
  "creative",
] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];

export const AGENT_FORM_FIELD_TYPES = ["text", "textarea", "select"] as const;

/** One field a structured helper (title-generator, email-response, letter-generator) asks for. */
export const agentFormFieldSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "must be a camelCase identifier"),
    label: z.string().trim().min(1).max(80),
    type: z.enum(AGENT_FORM_FIELD_TYPES),
    required: z.boolean().optional(),
    placeholder: z.string().max(120).optional(),
    /** The choices of a select field, and only of one. */
    options: z.array(z.string().trim().min(1).max(60)).min(2).max(12).optional(),
  })
  .refine((field) => (field.type === "select") === (field.options !== undefined), {
    message: "a select field needs options, and only a select field has them",
    path: ["options"],
  });
export type AgentFormField = z.infer<typeof agentFormFieldSchema>;

const noDuplicates = (values: readonly string[]) => new Set(values).size === values.length;

/**
 * A preset agent as its file in apps/server/src/ai/agents/presets/<id>.md declares it: the front
 * matter's fields, and its body as `prompt`, the system prompt.
 */
export const presetAgentSchema = z
  .strictObject({
    id: z.enum(PRESET_AGENT_IDS),
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().min(1).max(160),
    category: z.enum(AGENT_CATEGORIES),
    /** A lucide-react icon in kebab-case ("message-circle"). */
    icon: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a kebab-case icon name"),
    /** Prompts the person can click to start. */
    starters: z
      .array(z.string().trim().min(1).max(200))
      .min(3)
      .max(4)
      .refine(noDuplicates, "starters must differ"),
    tools: z.array(z.enum(AGENT_TOOLS)).refine(noDuplicates, "a tool is listed twice"),
    /**
     * What the agent can do, in the words people search the hub with ("pdf", "document",
     * "python"): matched by the hub's search beside the name and description.
     */
    keywords: z
      .array(z.string().trim().toLowerCase().min(2).max(30))
      .max(16)
      .refine(noDuplicates, "a keyword is listed twice")
      .default([]),
    /** False only for agents that answer from what they searched or read (offline engine). */
    needsModel: z.boolean(),
    /** Fields filled in before the first draft, for the structured helpers only. */
    form: z
      .array(agentFormFieldSchema)
      .min(1)
      .max(8)
      .refine((fields) => noDuplicates(fields.map((f) => f.name)), "form field names must differ")
      .optional(),
    prompt: z.string().trim().min(1),
  })
  .superRefine((agent, ctx) => {
    const info = PRESET_AGENT_INFO[agent.id];
    if (agent.name !== info.name) {
      ctx.addIssue({ code: "custom", path: ["name"], message: `must be "${info.name}"` });
    }
    if (agent.description !== info.description) {
      ctx.addIssue({
        code: "custom",
        path: ["description"],
        message: `must be "${info.description}"`,
      });
    }
    if (!agent.needsModel && !agent.tools.some((t) => t !== "run-code" && t !== "generate-image")) {
      ctx.addIssue({
        code: "custom",
        path: ["needsModel"],
        message: "an agent that runs without a model needs a tool to search or read with",
      });
    }
  });
export type PresetAgent = z.infer<typeof presetAgentSchema>;
