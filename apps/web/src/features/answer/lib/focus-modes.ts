import type { FocusMode } from "@nexus/contracts";
import {
  Clapperboard,
  FolderOpen,
  Globe,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  PenLine,
} from "lucide-react";
import { t } from "@/lib/i18n/i18n.ts";

export interface FocusModeOption {
  value: FocusMode;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** The six focus modes, in the order they are offered. */
export const FOCUS_MODE_OPTIONS: readonly FocusModeOption[] = [
  { value: "web", label: "Web", description: "Search the web", icon: Globe },
  {
    value: "academic",
    label: "Academic",
    description: "Papers and scholarly sources",
    icon: GraduationCap,
  },
  { value: "video", label: "Video", description: "Videos and talks", icon: Clapperboard },
  { value: "social", label: "Social", description: "Discussions and forums", icon: MessagesSquare },
  { value: "writing", label: "Writing", description: "Write without searching", icon: PenLine },
  {
    value: "local",
    label: "Local",
    description: "Your files and the Nexus guides",
    icon: FolderOpen,
  },
];

/** A focus mode from a URL parameter; "web" when absent or unknown. */
export function parseFocusMode(value: string | null): FocusMode {
  return FOCUS_MODE_OPTIONS.find((option) => option.value === value)?.value ?? "web";
}

export function focusModeOption(mode: FocusMode | undefined): FocusModeOption | undefined {
  return FOCUS_MODE_OPTIONS.find((option) => option.value === mode);
}

/** A focus mode as history and library rows show it: its icon and its name in the interface's language. */
export function focusModeDisplay(mode: FocusMode): { icon: LucideIcon; label: string } | undefined {
  const option = focusModeOption(mode);
  return option ? { icon: option.icon, label: t(`focus.label.${option.value}`) } : undefined;
}
