// Double-dummy solver speed inside Pyodide under Node (benchmarks/solver_speed.py's measure()).
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/solver_pyodide.mjs [--positions 1000] [--hands 10]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/solver_speed.py into the
// Pyodide file system and prints the same figures as the CPython script.
// Targets: <= 6 tricks left: <= 50 ms median, <= 200 ms worst; whole hand <= 3 s median.

import { loadPyodideWithGame, parseArgs } from "./pyodide_harness.mjs";

const args = parseArgs();
const positions = Number(args.positions ?? 1000);
const hands = Number(args.hands ?? 10);
const py = await loadPyodideWithGame(["solver_speed.py"]);
console.log(`Pyodide ${py.version}: ${positions} positions, ${hands} whole hands`);
const measure = py.runPython("from solver_speed import measure; measure");
const r = measure.callKwargs({ positions, hands }).toJs({ dict_converter: Object.fromEntries });
for (const [name, s] of Object.entries(r)) {
  console.log(
    `${name.padEnd(24)} n=${String(s.n).padStart(5)}  median ${s.median_ms.toFixed(1).padStart(9)} ms` +
      `  p95 ${s.p95_ms.toFixed(1).padStart(9)} ms  worst ${s.max_ms.toFixed(1).padStart(9)} ms`,
  );
}
