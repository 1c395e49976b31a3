// Engine speed inside Pyodide under Node: contracted random-play hands per second, per preset
// (benchmarks/engine_speed.py's measure(), the same loop and figures as under CPython).
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/engine_pyodide.mjs [--preset australian] [--seconds 4] [--pass-rate 0.7]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/engine_speed.py into the Pyodide
// file system and times with the process's CPU clock (time.process_time, as --cpu-clock).
// Target (issue 10): at least 4,000 contracted hands per second in the australian preset.

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
const seconds = Number(args.seconds ?? 4);
const passRate = Number(args["pass-rate"] ?? 0.7);

function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = `${dst}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(py, from, to);
    else if (entry.isFile() && entry.name.endsWith(".py")) py.FS.writeFile(to, fs.readFileSync(from));
  }
}

const py = await loadPyodide();
const app = "/home/pyodide/app";
copyTree(py, path.join(root, "game"), `${app}/game`);
py.FS.mkdirTree(`${app}/benchmarks`);
py.FS.writeFile(`${app}/benchmarks/engine_speed.py`, fs.readFileSync(path.join(root, "benchmarks/engine_speed.py")));
py.runPython(`import sys; sys.path.insert(0, "${app}"); sys.path.insert(0, "${app}/benchmarks")`);
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
