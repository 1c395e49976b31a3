// Compile Python modules to bytecode with the site's own Pyodide, for tools/build_site.py:
//
//   node tools/compile_bytecode.mjs PYODIDE_MJS DIR a/b.py [c/d.py ...]
//
// reads DIR/a/b.py and writes DIR/a/b.pyc beside it: a PEP 552 unchecked-hash .pyc (the page
// imports it as a module without source, and never compares it with a source), made by the
// Python of PYODIDE_MJS (node_modules/pyodide/pyodide.mjs, the runtime the build copies into
// vendor/), so its magic number is the page's. co_filename is the module's path (a/b.py), so
// tracebacks name it; line numbers are kept, column ranges are not (PYTHONNODEBUGRANGES: a
// third smaller); PYTHONHASHSEED=0 keeps sets of constants in one order, so that the same
// sources give the same bytes.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideModule, dir, ...modules] = process.argv.slice(2);
if (!pyodideModule || !dir || modules.length === 0) {
  console.error("usage: node tools/compile_bytecode.mjs PYODIDE_MJS DIR a/b.py [c/d.py ...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideModule)).href);
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1", PYTHONHASHSEED: "0" } });
py.FS.mkdirTree("/compile");
for (const m of modules) {
  py.FS.mkdirTree(path.posix.dirname(`/compile/${m}`));
  py.FS.writeFile(`/compile/${m}`, fs.readFileSync(path.join(dir, m)));
}
py.globals.set("names", py.toPy(modules));
py.runPython(`
import py_compile
import sys

# the environment took: no column ranges, no hash randomisation
assert {c for _, _, c, _ in compile("x = 1", "", "exec").co_positions()} == {None}
assert sys.flags.hash_randomization == 0
for name in names:
    py_compile.compile(
        f"/compile/{name}", cfile=f"/compile/{name}c", dfile=name, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
`);
for (const m of modules) fs.writeFileSync(path.join(dir, m + "c"), py.FS.readFile(`/compile/${m}c`));
