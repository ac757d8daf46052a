import type { FileKind } from "@nexus/contracts";
import {
  BookOpen,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  type LucideIcon,
  Presentation,
} from "lucide-react";

const ICONS: Record<FileKind, LucideIcon> = {
  pdf: FileText,
  docx: FileText,
  odt: FileText,
  pptx: Presentation,
  odp: Presentation,
  xlsx: FileSpreadsheet,
  ods: FileSpreadsheet,
  csv: FileSpreadsheet,
  epub: BookOpen,
  html: FileCode,
  markdown: FileText,
  text: FileText,
  png: FileImage,
  jpeg: FileImage,
  webp: FileImage,
  gif: FileImage,
};

export const KIND_LABELS: Record<FileKind, string> = {
  pdf: "PDF",
  docx: "Word",
  odt: "OpenDocument text",
  pptx: "PowerPoint",
  odp: "OpenDocument slides",
  xlsx: "Excel",
  ods: "OpenDocument sheet",
  csv: "CSV",
  epub: "EPUB",
  html: "HTML",
  markdown: "Markdown",
  text: "Text",
  png: "PNG image",
  jpeg: "JPEG image",
  webp: "WebP image",
  gif: "GIF image",
};

export function FileIcon({ kind }: { kind: FileKind }) {
  const Icon = ICONS[kind];
  return (
    <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
      <Icon className="size-5" aria-hidden="true" />
    </div>
  );
}
