/**
 * The regular-expression forms of a cited sentence's start and end that
 * src/ai/chat/citation-sentences.ts replaced (they read the reply's whole text before each
 * marker): the reference its differential test compares with.
 */

export function sentenceStartReference(text: string, index: number): number {
  const before = text
    .slice(0, index)
    .replace(/(?:[ \t]*\[\d[^\]\n]*\])+[ \t]*$/, "")
    .replace(/[.!?]+["')\]]*[ \t]*$/, "");
  let cut = Math.max(before.lastIndexOf("]") + 1, before.lastIndexOf("\n") + 1);
  for (const m of before.matchAll(/[.!?]["')\]]*\s+/g)) cut = Math.max(cut, m.index + m[0].length);
  while (cut < before.length && /\s/.test(before[cut] ?? "")) cut++;
  return cut;
}

export function sentenceEndReference(text: string, markerEnd: number): number {
  const rest = /^(?:[ \t]*\[\d[^\]\n]*\])*[.!?]?/.exec(text.slice(markerEnd));
  return markerEnd + (rest?.[0].length ?? 0);
}
