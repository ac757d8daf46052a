// A stand-in parse child for parse-process.test.ts: it loads like parse.child.ts, then dies the
// way the file's name says: "exit", a plain crash (code 3); "oom-kill", SIGKILLed as the kernel's
// OOM killer does (SIGKILL rather than V8's SIGABRT, so no core file is ever written).
process.on("disconnect", () => process.exit(0));
process.on("message", (message) => {
  if (message.input.name === "oom-kill") process.kill(process.pid, "SIGKILL");
  else process.exit(3);
});
process.send({ type: "started" });
