// A stand-in parse child for parse-process.test.ts: it loads like parse.child.ts and answers every
// parse with a one-page document. For a file named "heavy" it first keeps ~170 MB on its heap (as a
// parse that came near its cap leaves it), and reports its memory as parse.child.ts does.
const kept = [];
process.on("disconnect", () => process.exit(0));
process.on("message", (message) => {
  if (message.type !== "parse") return;
  // 20 arrays of 2^20 small integers: ~170 MB of heap (strings of that size would not count).
  if (message.input.name === "heavy")
    for (let i = 0; i < 20; i++) kept.push(new Array(1 << 20).fill(i));
  const { rss, heapUsed } = process.memoryUsage();
  process.send({
    type: "done",
    id: message.id,
    document: { pages: [{ page: 1, text: message.input.name }], warnings: [] },
    memory: { rss, heapUsed },
  });
});
process.send({ type: "started" });
