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
  deepseekchat: {
    name: "DeepSeek Chat",
    description: "Plain chat with the server's language model, without web search.",
  },
  maya: {
    name: "Maya",
    description: "A friendly everyday assistant for quick questions, plans and ideas.",
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
  companion: { name: "Companion", description: "A warm conversation partner for a chat." },
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
