// Double-dummy solver speed inside Pyodide under Node (benchmarks/solver_speed.py's measure()).
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/solver_pyodide.mjs [--positions 1000] [--hands 10]
//
// Loads node_modules/pyodide, copies game/ and benchmarks/solver_speed.py into the
// Pyodide file system and prints the same figures as the CPython script.
// Targets: <= 6 tricks left: <= 50 ms median, <= 200 ms worst; whole hand <= 3 s median.

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
const positions = Number(args.positions ?? 1000);
const hands = Number(args.hands ?? 10);

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
py.FS.writeFile(`${app}/benchmarks/solver_speed.py`, fs.readFileSync(path.join(root, "benchmarks/solver_speed.py")));
py.runPython(`import sys; sys.path.insert(0, "${app}"); sys.path.insert(0, "${app}/benchmarks")`);
console.log(`Pyodide ${py.version}: ${positions} positions, ${hands} whole hands`);
const measure = py.runPython("from solver_speed import measure; measure");
const r = measure.callKwargs({ positions, hands }).toJs({ dict_converter: Object.fromEntries });
for (const [name, s] of Object.entries(r)) {
  console.log(
    `${name.padEnd(24)} n=${String(s.n).padStart(5)}  median ${s.median_ms.toFixed(1).padStart(9)} ms` +
      `  p95 ${s.p95_ms.toFixed(1).padStart(9)} ms  worst ${s.max_ms.toFixed(1).padStart(9)} ms`,
  );
}
