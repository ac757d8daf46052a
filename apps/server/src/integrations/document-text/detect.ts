// TEMPORARY (files-core): a minimal detectKind for text, Markdown, CSV, HTML and PDF until the
// files-parse branch lands its magic-byte detection; the lead deletes this file at merge.
import type { DocumentKind } from "./types.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The format from the bytes; the name only tells text flavours (Markdown, CSV) apart. */
export function detectKind(bytes: Uint8Array, name?: string): DocumentKind | null {
  const head = bytes.subarray(0, 8192);
  if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return "pdf";
  if (head.includes(0)) return null;
  let text: string;
  try {
    // A multi-byte character cut at the 8 KiB boundary is not an error.
    text = utf8.decode(head.length === bytes.length ? head : head.subarray(0, head.length - 4));
  } catch {
    return null;
  }
  if (/^\s*(<!doctype html|<html[\s>])/i.test(text)) return "html";
  const extension = name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === "md" || extension === "markdown") return "markdown";
  if (extension === "csv" && text.includes(",")) return "csv";
  return "text";
}
