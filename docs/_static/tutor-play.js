// domino-tutor: the practice game in the page (the Play page's div.tutor-play).
//
// A form starts a game (tutor.play.web, plain mode's game and words, run in Pyodide in the
// engine's Web Worker, tutor-engine-worker.mjs); what the game says is appended to a log read
// out by screen readers, the table is drawn as the puzzles' boards are (tutor.render.svg), and
// the learner's plays are buttons, each with its tile drawn. The game in progress is kept in
// the browser (IndexedDB, window.tutorMemory of tutor-engine.js: its options, its actions, the
// hints and take-backs used and what was said) at each of the learner's turns, and goes on
// there after a reload.
// JavaScript off: nothing shows (the page says to play in the terminal).
(function () {
  "use strict";
  var script = document.currentScript;
  var root = document.querySelector("div.tutor-play[data-words]");
  if (!script || !root) return;
  var words = JSON.parse(root.dataset.words);
  var language = document.documentElement.lang || "en";
  var base = new URL("../_engine/", new URL("../", script.src));
  var worker = null;
  var ready = false;
  var waiting = {};
  var queued = [];
  var count = 0;

  function el(name, attrs, text) {
    var node = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function engine() {
    if (worker) return;
    worker = new Worker(new URL("tutor-engine-worker.mjs", script.src), { type: "module" });
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.type === "progress") {
        progress.hidden = false;
        progress.value = message.percent;
      } else if (message.type === "ready") {
        ready = true;
        progress.hidden = true;
        window.tutorEngineReady = message.seconds;
        queued.splice(0).forEach(function (item) { ask(item.request, item.done); });
      } else if (message.type === "failed") {
        status.textContent = message.reason;
      } else if (message.type === "answer") {
        var done = waiting[message.n];
        delete waiting[message.n];
        if (done) done(message.result, message.ms);
      }
    };
    worker.postMessage({ type: "start", base: base.href, language: language, prepare: [] });
  }

  function ask(request, done) {
    if (!ready) {
      queued.push({ request: request, done: done });
      engine();
      return;
    }
    count += 1;
    waiting[count] = done;
    worker.postMessage({ type: "ask", n: count, request: request });
  }

  // --- the form ---------------------------------------------------------------------------
  var form = el("form", { class: "play-start" });
  var fieldset = el("fieldset", {});
  function field(label, control) {
    var id = "play-" + control.getAttribute("name");
    control.id = id;
    var wrap = el("label", { for: id, class: "play-field" }, label + " ");
    wrap.appendChild(control);
    fieldset.appendChild(wrap);
    return control;
  }
  var game = el("select", { name: "game" });
  ["cutthroat", "fives-and-threes"].forEach(function (name) {
    game.appendChild(el("option", { value: name }, words[name]));
  });
  field(words.game, game);
  var players = el("select", { name: "players" });
  [2, 3, 4].forEach(function (n) { players.appendChild(el("option", { value: String(n) }, String(n))); });
  players.value = "4";
  field(words.players, players);
  var level = el("select", { name: "level" });
  [1, 2, 3, 4, 5].forEach(function (n) { level.appendChild(el("option", { value: String(n) }, String(n))); });
  level.value = "3";
  field(words.level, level);
  var seed = el("input", { name: "seed", type: "number", min: "0", max: "999999", step: "1",
    inputmode: "numeric" });
  seed.value = String(Math.floor(Math.random() * 1000));
  field(words.seed, seed);
  form.appendChild(fieldset);
  var start = el("button", { type: "submit", class: "play-button" }, words.start);
  form.appendChild(start);
  var progress = el("progress", { max: "100", class: "scenario-progress", "aria-label": words.thinking });
  progress.hidden = true;
  form.appendChild(progress);
  root.appendChild(form);
  game.addEventListener("change", function () { players.disabled = game.value !== "cutthroat"; });

  var board = el("div", { class: "play-board" });
  board.hidden = true;
  root.appendChild(board);
  var log = el("div", { class: "play-log", role: "log", "aria-live": "polite" });
  var status = el("p", { class: "play-status", role: "status" });
  var choices = el("div", { class: "play-choices", role: "group", "aria-label": words.plays });
  var hint = el("button", { type: "button", class: "play-hint" }, words.hint);
  hint.hidden = true;
  // The plays right under the table they are played on; what the game said below them.
  root.appendChild(status);
  root.appendChild(choices);
  root.appendChild(hint);
  root.appendChild(log);

  // --- the game in progress, kept in this browser (one a language: its lines are in it) ----
  var KEY = "game-" + language;
  var options = null; // the options of the game on the page

  function kept(change) {
    var memory = window.tutorMemory ? window.tutorMemory() : Promise.resolve(null);
    return memory.then(function (db) {
      if (!db) return null;
      return new Promise(function (resolve) {
        var tx = db.transaction("play", "readwrite");
        var request = change(tx.objectStore("play"));
        tx.oncomplete = function () { resolve(request ? request.result : null); };
        tx.onerror = function () { resolve(null); };
      });
    });
  }

  function keep(result) {
    if (result.over) {
      kept(function (store) { store.delete(KEY); });
    } else if (result.asking === "play" && options) {
      var lines = Array.prototype.map.call(log.children, function (p) { return p.textContent; });
      var game = { key: KEY, options: options, actions: result.actions, lines: lines,
        counters: result.counters };
      kept(function (store) { store.put(game); }).then(function () {
        root.dataset.kept = String(result.actions.length);
      });
    }
  }

  function show(result, resumed) {
    status.textContent = "";
    if (result.error) {
      status.textContent = result.error;
      return;
    }
    if (!resumed) {
      (result.lines || []).forEach(function (line) {
        log.appendChild(el("p", {}, line));
      });
    }
    log.scrollTop = log.scrollHeight;
    if (result.board) {
      board.innerHTML = result.board; // tutor.render.svg's drawing, made by the tutor itself
      board.hidden = false;
    }
    choices.textContent = "";
    (result.choices || []).forEach(function (label, index) {
      var button = el("button", { type: "button", class: "play-choice", "data-n": String(index + 1) });
      var face = el("span", { class: "play-tile" });
      face.innerHTML = (result.tiles || [])[index] || ""; // hidden from screen readers
      button.appendChild(face);
      button.appendChild(el("span", { class: "play-choice-words" }, (index + 1) + ". " + label));
      // On the learner's own turn with a choice to make, the coach grades the play first.
      var graded = result.asking === "play" && result.choices.length > 1;
      var saying = graded ? words.looking.replace("{play}", label) : words.thinking;
      button.addEventListener("click", function () {
        send({ do: "play-choose", n: index + 1 }, saying);
      });
      choices.appendChild(button);
    });
    keep(result);
    hint.hidden = result.asking !== "play";
    if (result.over) status.textContent = words.over;
    root.dataset.asking = result.asking || "";
    ["coach", "computer", "review"].forEach(function (key) { // benchmarks/browser.py reads them
      var took = (result.took || {})[key];
      if (took === undefined) delete root.dataset[key + "Ms"];
      else root.dataset[key + "Ms"] = String(took);
    });
    root.dataset.lines = String(log.childElementCount);
    if (result.counters) root.dataset.hints = String(result.counters.hints); // kept: the tests
    var first = choices.querySelector("button");
    if (first && root.contains(document.activeElement)) first.focus();
  }

  // ``saying``: what the page says while it waits (the computer thinking, or the coach).
  function send(request, saying) {
    Array.prototype.forEach.call(choices.querySelectorAll("button"), function (b) { b.disabled = true; });
    hint.disabled = true;
    status.textContent = saying || words.thinking;
    root.dataset.asking = "busy";
    var clicked = performance.now();
    ask(request, function (result) {
      hint.disabled = false;
      show(result, false);
      root.dataset.ms = String(Math.round(performance.now() - clicked)); // benchmarks/browser.py
    });
  }

  // A game kept from an earlier visit goes on where it was: what was said, then the same turn.
  function resume(saved) {
    options = saved.options;
    saved.lines.forEach(function (line) { log.appendChild(el("p", {}, line)); });
    ["game", "players", "level", "seed"].forEach(function (name) {
      var control = form.elements[name];
      if (control && saved.options[name] !== undefined) control.value = String(saved.options[name]);
    });
    players.disabled = game.value !== "cutthroat";
    root.dataset.asking = "busy";
    status.textContent = words.thinking;
    ask({ do: "play-resume", language: language, options: saved.options, actions: saved.actions,
      counters: saved.counters },
      function (result) {
        if (result.error) {
          kept(function (store) { store.delete(KEY); });
          log.textContent = "";
          root.dataset.asking = "";
          status.textContent = words.lost.replace("{reason}", result.error);
          return;
        }
        show(result, true);
        status.textContent = words.resumed;
        root.dataset.resumed = "yes";
      });
  }

  hint.addEventListener("click", function () { send({ do: "play-hint" }, words.looking_hint); });
  // ?samples=N gives the coach N samples and no time limit: the same grades on any machine.
  var samples = Number(new URLSearchParams(location.search).get("samples") || 0);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    log.textContent = "";
    options = {
      game: game.value,
      players: Number(players.value),
      level: Number(level.value),
      seed: Number(seed.value || 0),
    };
    if (samples > 0) options.samples = samples;
    send({ do: "play-new", language: language, options: options });
  });
  form.addEventListener("focusin", engine);
  kept(function (store) { return store.get(KEY); }).then(function (saved) {
    if (saved && saved.actions && !root.dataset.asking) resume(saved);
  });
})();
