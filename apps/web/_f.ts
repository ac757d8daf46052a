import fs from "node:fs"; import path from "node:path";
import { scanSource } from "./src/lib/i18n/text-scan.ts";
for (const f of process.argv.slice(2)) { for (const x of scanSource(f, fs.readFileSync(path.join(import.meta.dirname,"src",f),"utf8"))) console.log(f+":"+x.line, JSON.stringify(x.text)); }
