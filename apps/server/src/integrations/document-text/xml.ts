import { XMLParser } from "fast-xml-parser";
import { ParseFailure } from "./types.ts";

/**
 * XML for the container formats, safe against entity tricks: a DOCTYPE whose entities refer to
 * other entities (billion laughs) is refused as "too_large"; any other DOCTYPE (external entities,
 * XXE) is dropped before parsing, so no entity is ever resolved, fetched or expanded. Only the five
 * predefined entities and character references are decoded.
 */

export type XNode = { name: string; attrs: Record<string, string>; children: XNode[] } | string;

const DOCTYPE = /<!DOCTYPE\b(?:[^[>]*\[[\s\S]*?\]\s*>|[^>]*>)/i;

export const XML_BOMB_MESSAGE = "This file contains an XML entity bomb and was not read";

export function withoutDoctype(xml: string): string {
  const match = DOCTYPE.exec(xml);
  if (!match) return xml;
  const declarations = match[0].match(/<!ENTITY[\s\S]*?>/gi) ?? [];
  if (declarations.some((d) => /&[\w.:-]+;|%[\w.:-]+;/.test(d)) || declarations.length > 50) {
    throw new ParseFailure("too_large", XML_BOMB_MESSAGE);
  }
  // Dropped with their declarations: references to the file's own entities read as nothing.
  const names = declarations
    .map((d) => /<!ENTITY\s+([\w.:-]+)/i.exec(d)?.[1])
    .filter((n): n is string => !!n && !/^(amp|lt|gt|quot|apos)$/.test(n));
  let rest = xml.slice(0, match.index) + xml.slice(match.index + match[0].length);
  for (const name of names) rest = rest.replaceAll(`&${name};`, "");
  return rest;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Raw = Record<string, unknown>;

function convert(list: unknown): XNode[] {
  if (!Array.isArray(list)) return [];
  const out: XNode[] = [];
  for (const item of list as Raw[]) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ":@") continue;
      if (key === "#text") out.push(String(value));
      else {
        const attrs: Record<string, string> = {};
        const rawAttrs = item[":@"];
        if (rawAttrs && typeof rawAttrs === "object") {
          for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = String(v);
        }
        out.push({ name: key.slice(key.indexOf(":") + 1), attrs, children: convert(value) });
      }
    }
  }
  return out;
}

/**
 * Parses XML into a small tree: element names lose their namespace prefix, attributes keep theirs
 * (`r:id` and `id` differ). Malformed XML is "damaged".
 */
export function parseXml(xml: string): XNode[] {
  const safe = withoutDoctype(xml);
  try {
    return convert(parser.parse(safe));
  } catch {
    throw new ParseFailure("damaged", "This file is damaged");
  }
}

/** Every element named `name`, depth first. */
export function findAll(nodes: XNode[], name: string, out: XNode[] = []): XNode[] {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.name === name) out.push(node);
    findAll(node.children, name, out);
  }
  return out;
}

export function textOf(nodes: XNode[]): string {
  let text = "";
  for (const node of nodes) text += typeof node === "string" ? node : textOf(node.children);
  return text;
}
