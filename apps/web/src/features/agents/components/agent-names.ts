import type { PresetAgentId } from "@nexus/contracts";

const SPECIAL: Partial<Record<PresetAgentId, string>> = {
  deepseekchat: "DeepSeek Chat",
  nexbuddy: "NexBuddy",
  studybuddy: "Study Buddy",
  "faq-generator": "FAQ Generator",
  eli5: "ELI5",
  homeworkhelper: "Homework Helper",
  hr: "HR",
  it_support: "IT Support",
  product_info: "Product Info",
  "youtube-summarizer": "YouTube Summarizer",
  "url-qa": "URL Q&A",
};

/** A display name for a preset agent id (the catalogue with descriptions comes with agents). */
export function presetAgentName(id: PresetAgentId): string {
  return (
    SPECIAL[id] ??
    id
      .split(/[-_]/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  );
}
