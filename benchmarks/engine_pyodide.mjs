// Engine speed inside Pyodide under Node: contracted random-play hands per second, per preset
// (benchmarks/engine_speed.py's measure(), the same loop and figures as under CPython).
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/engine_pyodide.mjs [--preset australian] [--seconds 4] [--pass-rate 0.7]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/engine_speed.py into the Pyodide
// file system and times with the process's CPU clock (time.process_time, as --cpu-clock).
// Target (issue 10): at least 4,000 contracted hands per second in the australian preset.

import { loadPyodideWithGame, parseArgs } from "./pyodide_harness.mjs";

const args = parseArgs();
const seconds = Number(args.seconds ?? 4);
const passRate = Number(args["pass-rate"] ?? 0.7);
const py = await loadPyodideWithGame(["engine_speed.py"]);
const presets = args.preset ? [args.preset] : py.runPython("from game import Rules; list(Rules.PRESETS)").toJs();
const measure = py.runPython("import time; from engine_speed import measure; measure");
const clock = py.runPython(args.clock === "wall" ? "time.perf_counter" : "time.process_time");
console.log(`Pyodide ${py.version}: ${seconds} s per preset, pass rate ${passRate}`);
console.log("preset          games   hands   hands/s  µs/action");
for (const preset of presets) {
  const r = measure
    .callKwargs({ preset, seconds, pass_rate: passRate, clock })
    .toJs({ dict_converter: Object.fromEntries });
  console.log(
    `${preset.padEnd(14)} ${String(r.games).padStart(6)} ${String(r.hands).padStart(7)} ` +
      `${r.hands_per_s.toFixed(0).padStart(9)} ${r.us_per_action.toFixed(1).padStart(10)}`,
  );
}
