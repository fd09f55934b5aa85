// Measures compose against JavaScript's own join of the same pieces, on a
// generated package: node bench.mjs PACKAGE_DIR MODE MODEL. Not a test:
// numbers for BENCHMARKS.md.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, mode, model] = process.argv.slice(2);
const p = await import(pathToFileURL(path.join(dir, "index.js")).href);
const request = { mode, model, slots: { instructions: "Use tabs.", memory: "m" } };
const secs = p.sections(request);
const end = p.end(p.parseMode(mode));
const pieces = secs.flatMap((s) => [s.before, s.text]).concat([end]);
const n = 200000;
const time = (f) => {
  for (let i = 0; i < 1000; i++) f();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  return Number(process.hrtime.bigint() - t0) / n;
};
const join = time(() => pieces.join(""));
const compose = time(() => p.compose(request).text);
if (p.compose(request).text !== pieces.join("")) throw new Error("compose and the join differ");
console.log(`compose ${compose.toFixed(0)} ns/op, join ${join.toFixed(0)} ns/op, ${pieces.length} pieces, ${pieces.join("").length} chars`);
