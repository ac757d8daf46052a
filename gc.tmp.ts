import fs from "node:fs";
import { matchQuote } from "./apps/server/src/lib/quote-match.ts";
const texts: string[] = JSON.parse(fs.readFileSync("/tmp/qm/passages.json", "utf8"));
const xs: number[] = [];
for (let i = 0; i < 4000; i++) { const t = texts[i % texts.length]!; const q = t.slice(300, 420).replace(/\b\w{5,}\b/, "zzzzz"); const a = performance.now(); matchQuote(q, t); xs.push(performance.now() - a); }
const tail = xs.slice(2000).sort((a, b) => a - b);
console.log("warm half p50", tail[1000]!.toFixed(3), "p99", tail[1980]!.toFixed(3), "max", tail[1999]!.toFixed(3));
const head = xs.slice(0, 2000).sort((a, b) => a - b);
console.log("first 2000 p50", head[1000]!.toFixed(3), "p99", head[1980]!.toFixed(3));
