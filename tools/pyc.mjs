// Compile Python modules to bytecode with Pyodide's own Python (the page's version and magic
// number), for tools/build_site.py.
//
// Usage: node tools/pyc.mjs < modules.json > pycs.json
//   stdin:  {"ui/app.py": "<source>", ...}
//   stdout: {"ui/app.py": "<base64 of the .pyc>", ..., "cache_tag": "cpython-314"}
//
// The .pyc files are "unchecked-hash" ones (PEP 552): the import system loads them without
// comparing the source's mtime, which app.zip's unpacking does not keep.

import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = Buffer.concat(chunks).toString("utf-8");

const py = await loadPyodide();
py.globals.set("sources_json", sources);
const out = py.runPython(`
import base64, importlib.util, json, py_compile, sys

out = {"cache_tag": sys.implementation.cache_tag}
for name, source in json.loads(sources_json).items():
    path = "/tmp/pyc-src/" + name
    import os
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    target = py_compile.compile(
        path,
        cfile=path + "c",
        dfile=name,  # tracebacks name the module as in the app
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    with open(target, "rb") as f:
        out[name] = base64.b64encode(f.read()).decode("ascii")
json.dumps(out)
`);
process.stdout.write(out);
