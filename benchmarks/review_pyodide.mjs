// The hand review's time per card inside Pyodide under Node (benchmarks/review_budget.py's
// measure(): normal bots play australian hands, then every card is analysed last first within
// the review's node budget, as the bot worker does).
//
// Usage (from the repository root, after `npm ci`):
//   node benchmarks/review_pyodide.mjs [--hands 5] [--budget 30000]

import { loadPyodideWithGame, parseArgs } from "./pyodide_harness.mjs";

const args = parseArgs();
const py = await loadPyodideWithGame(["review_budget.py"]);
console.log(`Pyodide ${py.version}`);
const run = py.runPython("from review_budget import measure, report; lambda **kw: report(measure(**kw))");
const options = { hands: Number(args.hands ?? 5) };
if (args.budget) options.budget = Number(args.budget);
console.log(run.callKwargs(options));
