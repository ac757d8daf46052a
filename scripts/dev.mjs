// `npm run dev`: the API server with reload on change (port 3000) and Vite with HMR (port 5173,
// proxying /api to the server). Sign-in links point at Vite.
import { spawn } from "node:child_process";

const env = {
  ...process.env,
  NODE_ENV: "development",
  APP_URL: process.env.APP_URL ?? "http://localhost:5173",
};
const children = [
  spawn("npx", ["tsx", "watch", "apps/server/src/main.ts"], { stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "-w", "@nexus/web"], { stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => (code ? process.exit(code) : undefined));
