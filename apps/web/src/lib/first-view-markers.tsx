import type { ReactNode } from "react";

/**
 * The markers a server-drawn first view (src/app/first-views.tsx) leaves for the server to fill
 * with a request's values (apps/server/src/first-view-template.ts, which documents them). They are
 * plain text to React, so it writes them as they are; the server replaces every one before the
 * page is sent.
 */

/** A field's text (`key`: a record's text in a list of records). */
export const firstViewMarker = (field: string, key?: string) =>
  `%%nexus:${key === undefined ? field : `${field}.${key}`}%%`;

/** The children once per record of the list field `field`. */
export function FirstViewEach({ field, children }: { field: string; children: ReactNode }) {
  return (
    <>
      {`%%nexus-each:${field}%%`}
      {children}
      {`%%nexus-end:${field}%%`}
    </>
  );
}

/**
 * The children when `when` holds: `name` (has a value), `!name` (has none) or `name=value`;
 * within a record, `field.key`. Conditions do not nest.
 */
export function FirstViewIf({ when, children }: { when: string; children: ReactNode }) {
  return (
    <>
      {`%%nexus-if:${when}%%`}
      {children}
      {"%%nexus-fi%%"}
    </>
  );
}
