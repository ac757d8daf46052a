import path from "node:path";
import { findAll, parseXml, type XNode } from "./xml.ts";
import type { ZipReader } from "./zip.ts";

/** Helpers shared by the OOXML (PPTX, XLSX) and EPUB readers: relationships and part paths. */

export function resolvePart(from: string, target: string): string {
  const clean = decodeURIComponent(target.split("#")[0] ?? "");
  if (clean.startsWith("/")) return clean.slice(1);
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), clean));
}

/** Relationship id → part path, for the part `part` (its _rels/<name>.rels). */
export function readRels(
  zip: ZipReader,
  part: string,
): Map<string, { target: string; type: string }> {
  const relsPath = path.posix.join(
    path.posix.dirname(part),
    "_rels",
    `${path.posix.basename(part)}.rels`,
  );
  const xml = zip.text(relsPath);
  const map = new Map<string, { target: string; type: string }>();
  if (!xml) return map;
  for (const rel of findAll(parseXml(xml), "Relationship")) {
    if (typeof rel === "string") continue;
    const { Id, Target, Type, TargetMode } = rel.attrs;
    if (!Id || !Target || TargetMode === "External") continue;
    map.set(Id, { target: resolvePart(part, Target), type: Type ?? "" });
  }
  return map;
}

export function attr(node: XNode, name: string): string | undefined {
  return typeof node === "string" ? undefined : node.attrs[name];
}

export function children(node: XNode, name?: string): XNode[] {
  if (typeof node === "string") return [];
  return name
    ? node.children.filter((c) => typeof c !== "string" && c.name === name)
    : node.children;
}
