// Time of the ten-level check (game/bots/ten_tricks.py) inside Pyodide under Node.
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/ten_check_pyodide.mjs
//
// Runs benchmarks/ten_check.py's measure() (24 ten-level bids of hard self-play, each
// checked on sampled deals solved double dummy) and prints the same figures and chances.

import { loadPyodideWithGame } from "./pyodide_harness.mjs";

const py = await loadPyodideWithGame(["ten_check.py"]);
const measure = py.runPython("from ten_check import measure; measure");
const r = measure().toJs({ dict_converter: Object.fromEntries });
console.log(`Pyodide ${py.version}: ${r.checks} ten-level checks`);
console.log("mean ms  median ms  p95 ms  max ms");
console.log(
  `${r.mean_ms.toFixed(0).padStart(7)}  ${r.median_ms.toFixed(0).padStart(9)}  ` +
    `${r.p95_ms.toFixed(0).padStart(6)}  ${r.max_ms.toFixed(0).padStart(6)}`,
);
console.log(`chances: ${r.chances.map((c) => (c === null ? "-" : c.toFixed(3))).join(" ")}`);
