// What the benchmarks that run our Python inside Pyodide under Node share: the repository's
// root, `--name value` arguments, and a Pyodide (node_modules/pyodide, after `npm ci`) with
// game/ and the given benchmark scripts in its file system and on sys.path.
//
//   import { parseArgs, loadPyodideWithGame } from "./pyodide_harness.mjs";
//   const args = parseArgs();                       // {seconds: "4", ...}
//   const py = await loadPyodideWithGame(["engine_speed.py"]);
//   const measure = py.runPython("from engine_speed import measure; measure");

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.reduce((pairs, arg, i, all) => {
      if (arg.startsWith("--")) pairs.push([arg.slice(2), all[i + 1]]);
      return pairs;
    }, []),
  );
}

function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = `${dst}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(py, from, to);
    else if (entry.isFile() && entry.name.endsWith(".py")) py.FS.writeFile(to, fs.readFileSync(from));
  }
}

export async function loadPyodideWithGame(scripts = []) {
  const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
  const py = await loadPyodide();
  const app = "/home/pyodide/app";
  copyTree(py, path.join(root, "game"), `${app}/game`);
  py.FS.mkdirTree(`${app}/benchmarks`);
  for (const name of scripts) {
    py.FS.writeFile(`${app}/benchmarks/${name}`, fs.readFileSync(path.join(root, "benchmarks", name)));
  }
  py.runPython(`import sys; sys.path.insert(0, "${app}"); sys.path.insert(0, "${app}/benchmarks")`);
  return py;
}
