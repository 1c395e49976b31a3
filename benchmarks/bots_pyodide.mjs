// Bot decision time inside Pyodide under Node: mean and p95 per level.
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/bots_pyodide.mjs [--preset australian] [--hands 12] [--levels easy,normal,hard]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/bots_latency.py into
// the Pyodide file system, and runs bots_latency.measure() for each level.
// Target: hard p95 <= 300 ms in Pyodide.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith("--")) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const preset = args.preset ?? "australian";
const hands = Number(args.hands ?? 12);
const levels = (args.levels ?? "easy,normal,hard").split(",");

function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = `${dst}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(py, from, to);
    else if (entry.isFile() && entry.name.endsWith(".py")) py.FS.writeFile(to, fs.readFileSync(from));
  }
}

const started = performance.now();
const py = await loadPyodide();
const app = "/home/pyodide/app";
copyTree(py, path.join(root, "game"), `${app}/game`);
py.FS.mkdirTree(`${app}/benchmarks`);
py.FS.writeFile(`${app}/benchmarks/bots_latency.py`, fs.readFileSync(path.join(root, "benchmarks/bots_latency.py")));
console.log(`Pyodide ${py.version} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

py.runPython(`import sys; sys.path.insert(0, "${app}"); sys.path.insert(0, "${app}/benchmarks")`);
const measure = py.runPython("from bots_latency import measure; measure");
console.log("level   preset         decisions   mean ms    p95 ms    max ms");
for (const level of levels) {
  const r = measure.callKwargs({ level, preset, hands }).toJs({ dict_converter: Object.fromEntries });
  console.log(
    `${level.padEnd(8)}${preset.padEnd(14)}${String(r.decisions).padStart(10)}` +
      `${r.mean_ms.toFixed(2).padStart(10)}${r.p95_ms.toFixed(2).padStart(10)}${r.max_ms.toFixed(2).padStart(10)}`,
  );
}
