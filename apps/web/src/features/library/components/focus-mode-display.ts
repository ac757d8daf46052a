import type { FocusMode } from "@nexus/contracts";
import type { LucideIcon } from "lucide-react";

/** How a focus mode looks (icon and name); the app layer provides it from the answer feature. */
export type FocusModeDisplay = (mode: FocusMode) => { icon: LucideIcon; label: string } | undefined;
