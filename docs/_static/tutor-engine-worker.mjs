// domino-tutor: the engine in the page. A module Web Worker that runs the tutor in Pyodide
// (tools/engine.py puts Pyodide and the wheels into the site's _engine/ folder) and answers the
// page's requests with tutor.web.answers.handle. Nothing is fetched from another origin.
//
// Messages in:  {type: "start", base, language, prepare: [ids]}
//               {type: "prefer", id}             the reader is at this puzzle: work it out next
//               {type: "ask", n, request}        request: {do: "answer", id, reply, language}
//                                                (tutor.web.answers), or {do: "play-new", ...}
//                                                (tutor.play.web: the practice game)
// Messages out: {type: "progress", percent}
//               {type: "ready", seconds, phases}   phases: [name, seconds] in the order done
//               {type: "failed", reason}
//               {type: "answer", n, result, ms}
//               {type: "prepared", id, ms}         a puzzle worked out ahead (in that order)

let handle = null;
const asked = [];   // the reader's requests, answered first
const prepared = []; // puzzles whose answers are worked out while the reader reads
let language = "en";
let busy = false;

// The puzzle the reader turns to goes first (it may come before the engine is ready).
function prefer(id) {
  const at = prepared.findIndex((work) => work.id === id);
  if (at >= 0) prepared.splice(at, 1);
  prepared.unshift({ do: "prepare", id, language });
}

function progress(percent) {
  postMessage({ type: "progress", percent });
}

async function start(base, language, ids) {
  const started = performance.now();
  const phases = [];
  let last = started;
  const phase = (name) => {
    const now = performance.now();
    phases.push([name, (now - last) / 1000]);
    last = now;
  };
  progress(2);
  const manifest = await (await fetch(new URL("engine.json", base))).json();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  phase("manifest and pyodide.mjs");
  progress(10);
  const own = new URL("pyodide/", base).href;
  const pyodide = await loadPyodide({
    indexURL: own,
    packageBaseUrl: own, // never the CDN, even for a package nobody asks for
    lockFileContents: manifest.lock, // no package of Pyodide's own set is loaded
    stdout: () => {},
    stderr: () => {},
  });
  phase("loadPyodide");
  progress(70);
  let done = 0;
  for (const wheel of manifest.wheels) {
    const response = await fetch(new URL(`wheels/${wheel}`, base));
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    pyodide.unpackArchive(new Uint8Array(await response.arrayBuffer()), "wheel");
    done += 1;
    progress(70 + Math.round((20 * done) / manifest.wheels.length));
  }
  phase("wheels");
  pyodide.runPython(
    [
      "import json",
      "from tutor.web.answers import handle as _answers",
      "def handle_json(text):",
      "    request = json.loads(text)",
      "    if str(request.get('do', '')).startswith('play-'):",
      "        from tutor.play.web import handle as _play",
      "        return json.dumps(_play(request))",
      "    if request.get('do') in ('rate', 'import'):",
      "        from tutor.web.progress import handle as _progress",
      "        return json.dumps(_progress(request))",
      "    return json.dumps(_answers(request))",
    ].join("\n"),
  );
  phase("import tutor.web.answers");
  const call = pyodide.globals.get("handle_json");
  handle = (request) => JSON.parse(call(JSON.stringify(request)));
  handle({ do: "warm", language });
  phase("warm");
  progress(100);
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, phases });
  for (const id of ids) {
    if (!prepared.some((work) => work.id === id)) prepared.push({ do: "prepare", id, language });
  }
  pump();
}

// One request at a time, the reader's first; a puzzle is prepared only when nobody waits.
function pump() {
  if (busy || handle === null) return;
  const next = asked.shift();
  if (next) {
    busy = true;
    const t0 = performance.now();
    let result;
    try {
      result = handle(next.request);
    } catch (error) {
      result = { verdict: "error", lines: [String(error)] };
    }
    postMessage({ type: "answer", n: next.n, result, ms: performance.now() - t0 });
    busy = false;
    setTimeout(pump, 0);
    return;
  }
  const work = prepared.shift();
  if (work) {
    busy = true;
    const t0 = performance.now();
    try {
      handle(work);
    } catch (error) {
      // the reader's own request for this puzzle will say what is wrong
    }
    postMessage({ type: "prepared", id: work.id, ms: performance.now() - t0 });
    busy = false;
    setTimeout(pump, 0);
  }
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    language = message.language;
    start(message.base, message.language, message.prepare || []).catch((error) => {
      postMessage({ type: "failed", reason: String(error && error.message ? error.message : error) });
    });
  } else if (message.type === "prefer") {
    prefer(message.id);
    pump();
  } else if (message.type === "ask") {
    asked.push(message);
    pump();
  }
};
