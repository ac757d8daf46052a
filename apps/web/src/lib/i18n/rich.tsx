import { Fragment, type ReactNode } from "react";
import { type MessageId, type MessageValues, t } from "./i18n.ts";

const MARK = "\u0000";

/**
 * A message with elements in it (`We sent a link to <strong>{email}</strong>.`): the message is
 * translated whole, so each language puts the element where its grammar wants it.
 */
export function richT(
  id: MessageId,
  nodes: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const marked = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]),
  );
  const parts = t(id, { ...values, ...marked }).split(MARK);
  return parts.map((part, index) => (
    // Odd parts are the names between marks.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in a fixed order
    <Fragment key={index}>{index % 2 === 1 ? nodes[part] : part}</Fragment>
  ));
}
