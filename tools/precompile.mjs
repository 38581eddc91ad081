// Compile the Python files of zip archives to bytecode with the browser's own Python: Pyodide
// itself, run in Node (its .pyc magic is the page's). Used by tools/engine.py (install).
//
//     node tools/precompile.mjs PYODIDE_DIR ARCHIVE...
//
// The wheels are installed and what the page imports is imported (at its start, and for a game);
// then each ARCHIVE (a wheel, or Pyodide's python_stdlib.zip) is rewritten in place: each of
// those modules becomes a .pyc in place of its .py, without its docstrings (unchecked
// hash-based, so the page neither compiles nor checks a source); the modules the page does not
// import stay sources (compiled should they ever be imported: the download stays small), and a
// wheel's RECORD is written again. Prints one line for each.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, ...archives] = process.argv.slice(2);
if (!dir || !archives.length) {
  console.error("usage: node tools/precompile.mjs PYODIDE_DIR ARCHIVE...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(dir) + "/", stdout: () => {}, stderr: () => {} });
pyodide.runPython(`
import ast, base64, hashlib, importlib.util, io, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

def _without_docstrings(tree):
    """The module with no docstring (asserts and line numbers stay): the page never reads one."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

def imported_files():
    """The files of every module imported so far (the page's start imports the same)."""
    import sys
    return {getattr(m, "__file__", None) for m in list(sys.modules.values())} - {None}

def precompile(path, where, wanted):
    with zipfile.ZipFile(path) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    out, record, records = [], [], None
    for info, data in entries:
        name = info.filename
        if name.endswith(".dist-info/RECORD"):
            records = info
            continue
        if name.endswith(".py") and ".dist-info/" not in name and where + name in wanted:
            tree = _without_docstrings(ast.parse(data, where + name))
            code = compile(tree, where + name, "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name = name + "c"
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = info.external_attr
        out.append((entry, data))
        record.append(_record_line(name, data))
    if records is not None:
        record.append(f"{records.filename},,")
        data = ("\\n".join(record) + "\\n").encode()
        entry = zipfile.ZipInfo(records.filename, date_time=records.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = records.external_attr
        out.append((entry, data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as new:
        for entry, data in out:
            new.writestr(entry, data)
    return buffer.getvalue()
`);
const precompile = pyodide.globals.get("precompile");
// The page unpacks the wheels where Pyodide starts (its working folder, on sys.path), as here.
const site = pyodide.runPython("import os; os.getcwd() + '/'");
const stdlib = pyodide.runPython("import os, sys; os.path.dirname(os.__file__) + '/'");
for (const archive of archives) {
  if (archive.endsWith(".whl")) pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "wheel");
}
// What the page imports at its start and for a game (tutor-engine-worker.mjs), in every language.
pyodide.runPython(`
import tutor.web.answers, tutor.web.progress, tutor.play.web
for language in ("en", "de", "pap"):
    tutor.web.answers.warm(language)
`);
const wanted = pyodide.globals.get("imported_files")();
for (const archive of archives) {
  const bytes = readFileSync(archive);
  pyodide.FS.writeFile("/tmp/in.zip", bytes);
  const where = basename(archive) === "python_stdlib.zip" ? stdlib : site;
  const made = precompile("/tmp/in.zip", where, wanted).toJs();
  writeFileSync(archive, made);
  console.log(`precompile: ${archive} ${(bytes.length / 1e6).toFixed(2)} -> ${(made.length / 1e6).toFixed(2)} MB`);
}
