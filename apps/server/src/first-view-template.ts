import { escapeHtml } from "./modules/shares/share-page.ts";

/**
 * Filling a first view's prerendered markup (apps/web/src/app/first-views.tsx) with a request's
 * values. The markup is the build's (trusted); every value is the request's (untrusted) and is
 * written escaped, never as markup. What the prerender leaves in it, as text:
 *
 * - `%%nexus:field%%`: the field's text (its "%" written `&#37;`). A marker that went through a URL (a link's href, where
 *   `%` and `:` are encoded) takes the value URL-encoded.
 * - A list of texts: the `<li>` holding the field's marker, once per value.
 * - A list of records: `%%nexus-each:field%%…%%nexus-end:field%%`, once per record, with
 *   `%%nexus:field.key%%` the record's text at `key`.
 * - `%%nexus-if:name%%…%%nexus-fi%%`: kept when `name` has a value (a text not empty, a list not
 *   empty), else dropped; `!name` the other way round; `name=value` when it is that value. Inside
 *   a record, `field.key` names the record's text. Conditions do not nest.
 */

/** A record of a list field: its texts by key. */
export type FirstViewRecord = Readonly<Record<string, string>>;

/** The values a request's first view may show. */
export type FirstViewValues = Record<
  string,
  string | readonly string[] | readonly FirstViewRecord[]
>;

const NAME = "[A-Za-z]+(?:\\.[A-Za-z]+)?";
const FIELD_MARKER = new RegExp(`%%nexus:(${NAME})%%|%25%25nexus%3A(${NAME})%25%25`, "g");
/** A list item (<li>, not crossing another) holding a field's marker. */
const LIST_ITEM =
  /<li\b[^>]*>(?:(?!<\/?li\b)[\s\S])*?%%nexus:([A-Za-z]+)%%(?:(?!<\/?li\b)[\s\S])*?<\/li>/g;
const EACH = /%%nexus-each:([A-Za-z]+)%%([\s\S]*?)%%nexus-end:\1%%/g;
const IF = new RegExp(`%%nexus-if:(!?)(${NAME})(?:=([\\w-]*))?%%([\\s\\S]*?)%%nexus-fi%%`, "g");

type Lookup = (name: string) => string | readonly unknown[] | undefined;

function resolveConditions(html: string, lookup: Lookup): string {
  return html.replace(IF, (_all, not: string, name: string, equals: string | undefined, body) => {
    const value = lookup(name);
    const holds =
      equals === undefined
        ? value !== undefined && value.length > 0
        : typeof value === "string" && value === equals;
    return holds !== (not === "!") ? body : "";
  });
}

function fillFields(html: string, lookup: Lookup): string {
  return html.replace(FIELD_MARKER, (marker, plain?: string, encoded?: string) => {
    const value = lookup(plain ?? encoded ?? "");
    if (typeof value !== "string") return marker;
    // Its "%" as a reference: a value can never spell a marker that a later step would read.
    return escapeHtml(plain === undefined ? encodeURIComponent(value) : value).replaceAll(
      "%",
      "&#37;",
    );
  });
}

/** The markup with `values` written in (see above); a marker without a value stays as it is. */
export function fillFirstView(html: string, values: FirstViewValues): string {
  const top: Lookup = (name) => values[name];
  const expanded = html
    .replace(EACH, (block, field: string, body: string) => {
      const records = values[field];
      if (!Array.isArray(records)) return block;
      return (records as readonly FirstViewRecord[])
        .map((record) => {
          const lookup: Lookup = (name) =>
            name.startsWith(`${field}.`)
              ? (record[name.slice(field.length + 1)] ?? "")
              : values[name];
          return fillFields(resolveConditions(body, lookup), lookup);
        })
        .join("");
    })
    .replace(LIST_ITEM, (item, field: string) => {
      const value = values[field];
      return Array.isArray(value)
        ? value
            .map((one) => fillFields(item, (name) => (name === field ? one : values[name])))
            .join("")
        : item;
    });
  return fillFields(resolveConditions(expanded, top), top);
}
