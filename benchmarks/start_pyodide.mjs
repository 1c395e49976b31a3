// Our share of the page's start, in Pyodide under Node: importing what ui/main.py imports,
// from the built app.zip, with the page's modules stubbed. CPU-bound and repeated, so the
// minimum stays meaningful on a busy machine (benchmarks/load_time.py's browser timings do not).
//
// Usage (after `python tools/build_site.py`):
//   node benchmarks/start_pyodide.mjs [--archive dist/app.zip] [--repeat 5] [--pyc yes]
//                                     [--modules yes]
//
// Prints, in ms (min and median over --repeat fresh imports, bytecode never cached):
// the imports (compile + run), compiling those modules alone, and the catalogue (English, French).
// The modules the build ships as bytecode (tools/build_site.py's BYTECODE_MODULES) import from
// their .pyc, as in the page: they are not compiled, and "compiling ... alone" leaves them out.
// --pyc yes: first compiles every module with this Pyodide (unchecked-hash .pyc files in
// __pycache__, as a build step could ship them), so the imports only run bytecode; also
// prints what that would weigh (each file deflated, .py against .pyc).
// --modules yes: first one import as the page's first (a fresh interpreter, nothing imported
// yet) timed module by module: compiling it, and running its own code (not its imports').

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
const archive = path.resolve(args.archive ?? path.join(root, "dist/app.zip"));
const repeat = Number(args.repeat ?? 5);
const pyc = args.pyc === "yes";
const modules = args.modules === "yes";

const py = await loadPyodide();
py.FS.mkdirTree("/home/pyodide/tools"); // tools/start_probe.py: what the start imports
py.FS.writeFile(
  "/home/pyodide/tools/start_probe.py",
  fs.readFileSync(path.join(root, "tools/start_probe.py")),
);
py.FS.mkdirTree("/home/pyodide/app");
py.FS.chdir("/home/pyodide/app");
py.unpackArchive(new Uint8Array(fs.readFileSync(archive)), "zip");
py.runPython(`
import os, sys
sys.path.insert(0, os.getcwd())
from ui.unpack import unpack  # as index.html does
unpack()
`);
py.globals.set("repeat", repeat);
py.globals.set("with_pyc", pyc);
py.globals.set("with_modules", modules);
console.log(
  py.runPython(`
import os, statistics, sys, time

sys.path.insert(0, os.getcwd())
sizes = ""
if with_pyc:
    import compileall, importlib.util, pathlib, py_compile, zlib

    compileall.compile_dir(
        ".", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
    )
    py_bytes = pyc_bytes = 0
    for source in pathlib.Path(".").rglob("*.py"):
        py_bytes += len(zlib.compress(source.read_bytes(), 9))
        cached = pathlib.Path(importlib.util.cache_from_source(str(source)))
        pyc_bytes += len(zlib.compress(cached.read_bytes(), 9))
    sizes = f"app's modules deflated: .py {py_bytes / 1e3:.1f} kB, .pyc {pyc_bytes / 1e3:.1f} kB"
sys.dont_write_bytecode = True  # every import compiles (unless --pyc), as the page's first


sys.path.insert(0, "/home/pyodide/tools")
from start_probe import main_imports, stub_pyscript

stub_pyscript()
# What the archive's ui/main.py imports at its top (its own module-level code boots the page,
# so not itself).
START = main_imports(open("ui/main.py", encoding="utf-8").read())


def ours():
    return [n for n in sys.modules if n.split(".")[0] in ("game", "ui")]


def fresh_import():
    for name in ours():
        del sys.modules[name]
    start = time.perf_counter()
    for name in START:
        __import__(name)
    return (time.perf_counter() - start) * 1000


per_module = []
if with_modules:
    from importlib.machinery import SourceFileLoader, SourcelessFileLoader

    compiling, running, inner = {}, {}, [0.0]
    to_code, execute = SourceFileLoader.source_to_code, SourceFileLoader.exec_module

    def timed_to_code(self, data, path, *, _optimize=-1):
        start = time.perf_counter()
        code = to_code(self, data, path, _optimize=_optimize)
        compiling[self.name] = (time.perf_counter() - start) * 1000
        return code

    def timed_exec(self, module):
        outer, inner[0] = inner[0], 0.0
        start = time.perf_counter()
        execute(self, module)
        spent = (time.perf_counter() - start) * 1000
        running[self.name] = spent - inner[0] - compiling.get(self.name, 0.0)
        inner[0] = outer + spent
    SourceFileLoader.source_to_code, SourceFileLoader.exec_module = timed_to_code, timed_exec
    SourcelessFileLoader.exec_module = timed_exec  # the modules shipped as bytecode
    first = fresh_import()
    SourceFileLoader.source_to_code, SourceFileLoader.exec_module = to_code, execute
    del SourcelessFileLoader.exec_module
    order = sorted(running, key=lambda n: -(running[n] + compiling.get(n, 0.0)))
    per_module = [
        f"first import {first:.0f} ms: compiling {sum(compiling.values()):.0f}, "
        f"running {sum(running.values()):.0f}",
        f"{'module':36}{'compile':>8}{'run':>8}",
    ] + [f"{n:36}{compiling.get(n, 0.0):8.1f}{running[n]:8.1f}" for n in order]
imports = [fresh_import() for _ in range(repeat)]
shipped = [n for n in ours() if sys.modules[n].__file__.endswith(".pyc")]  # BYTECODE_MODULES
files = [sys.modules[n].__file__ for n in ours() if n not in shipped]
sources = [open(f, encoding="utf-8").read() for f in files]
compiles = []
for _ in range(repeat):
    start = time.perf_counter()
    for f, source in zip(files, sources):
        compile(source, f, "exec")
    compiles.append((time.perf_counter() - start) * 1000)
import gettext
import ui.i18n
catalogue, english = [], []
for _ in range(repeat):
    ui.i18n._compiled = None
    start = time.perf_counter()
    ui.i18n.set_language(["en"])  # English's few American words
    english.append((time.perf_counter() - start) * 1000)
    gettext._translations.clear()  # gettext keeps each catalogue it read
    ui.i18n._compiled = None  # nor ui.i18n's catalogues, each read once
    start = time.perf_counter()
    ui.i18n.set_language(["fr"])
    catalogue.append((time.perf_counter() - start) * 1000)
    ui.i18n.set_language(["en"])
pycs = sum(
    1 for n in ours() if n not in shipped and getattr(sys.modules[n].__spec__, "cached", None)
    and os.path.exists(sys.modules[n].__spec__.cached)
)


def row(label, values):
    return f"{label:44}{min(values):8.0f}{statistics.median(values):8.0f}"


"\\n".join([
    f"{len(ours())} modules of game/ and ui/ imported at start ({len(shipped)} shipped as "
    f"bytecode; of the {len(files)} others, {pycs} with a .pyc)",
    f"{'ms, over ' + str(repeat) + ' runs':44}{'min':>8}{'median':>8}",
    row("imports (compile + run)", imports),
    row("  compiling their sources alone", compiles),
    row("catalogue: set_language(['en'])", english),
    row("catalogue: set_language(['fr'])", catalogue),
    sizes,
    *per_module,
])
`),
);
