// Bot decision time inside Pyodide under Node: mean and p95 per level.
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/bots_pyodide.mjs [--preset australian] [--hands 12] [--levels easy,normal,hard]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/bots_latency.py into
// the Pyodide file system, and runs bots_latency.measure() for each level.
// Target: hard p95 <= 300 ms in Pyodide.

import { loadPyodideWithGame, parseArgs } from "./pyodide_harness.mjs";

const args = parseArgs();
const preset = args.preset ?? "australian";
const hands = Number(args.hands ?? 12);
const levels = (args.levels ?? "easy,normal,hard").split(",");

const started = performance.now();
const py = await loadPyodideWithGame(["bots_latency.py"]);
console.log(`Pyodide ${py.version} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const measure = py.runPython("from bots_latency import measure; measure");
console.log("level   preset         decisions   mean ms    p95 ms    max ms");
for (const level of levels) {
  const r = measure.callKwargs({ level, preset, hands }).toJs({ dict_converter: Object.fromEntries });
  console.log(
    `${level.padEnd(8)}${preset.padEnd(14)}${String(r.decisions).padStart(10)}` +
      `${r.mean_ms.toFixed(2).padStart(10)}${r.p95_ms.toFixed(2).padStart(10)}${r.max_ms.toFixed(2).padStart(10)}`,
  );
}
