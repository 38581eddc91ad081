// domino-tutor: every puzzle of the page answered on the page.
//
// Each figure.domino-scenario carries its question's controls as data-form (written by
// tutor.sphinxext from tutor.web.forms, in the page's language). This script draws them under
// the question, and judges a reply with the tutor itself, run in Pyodide in a Web Worker
// (tutor-engine-worker.mjs), loaded on the first interaction or when the page is idle, with a
// progress bar. JavaScript off: the page stays as it is (the folded hint and answer).
(function () {
  "use strict";
  // --- what this browser remembers (IndexedDB): the last verdict of each puzzle, the ratings,
  // every answer, the Play page's game in progress (tutor-play.js asks window.tutorMemory) --
  var memory = null; // a promise of the database, or null where the browser keeps nothing
  function remembered() {
    if (memory) return memory;
    memory = new Promise(function (resolve) {
      try {
        // 1: the last verdicts; 2: the ratings, every answer (for the export), the Play
        // page's game
        var opening = indexedDB.open("domino-tutor", 2);
        opening.onupgradeneeded = function () {
          var db = opening.result;
          var stores = db.objectStoreNames;
          if (!stores.contains("answers")) db.createObjectStore("answers", { keyPath: "id" });
          if (!stores.contains("ratings")) db.createObjectStore("ratings", { keyPath: "subject" });
          if (!stores.contains("log")) db.createObjectStore("log", { autoIncrement: true });
          if (!stores.contains("play")) db.createObjectStore("play", { keyPath: "key" });
        };
        opening.onsuccess = function () { resolve(opening.result); };
        opening.onerror = function () { resolve(null); };
      } catch (error) {
        resolve(null);
      }
    });
    return memory;
  }

  window.tutorMemory = remembered;

  var script = document.currentScript;
  var figures = Array.prototype.slice.call(
    document.querySelectorAll("figure.domino-scenario[data-form]"),
  );
  if (!script || !figures.length) return;
  var base = new URL("../../_engine/", script.src);
  var language = document.documentElement.lang || "en";
  var worker = null;
  var state = "idle"; // idle | loading | ready | failed
  var failure = "";
  var waiting = {}; // n -> callback
  var queued = []; // requests made before the engine was ready
  var count = 0;
  var shown = 0; // verdicts shown on the page (each verdict box says which it shows)
  var panels = [];
  var words = null;

  // A share as the tutor writes it in the page's language (tutor.words.web.page_words), not
  // by Intl.NumberFormat: its first use loads locale data on the main thread (20–50 ms).
  function percentText(percent) {
    var pattern = (words && words.percent) || "{n}%";
    return pattern.replace("{n}", String(Math.round(percent)));
  }

  function say(panel, text, cls) {
    panel.status.textContent = text;
    panel.status.className = "scenario-status" + (cls ? " " + cls : "");
  }

  function everyPanel(fn) {
    panels.forEach(fn);
  }

  function startEngine() {
    if (state !== "idle") return;
    if (location.protocol === "file:") {
      state = "failed";
      failure = "file";
      everyPanel(function (panel) { say(panel, panel.words.file, "scenario-failed"); });
      return;
    }
    state = "loading";
    window.tutorPrepared = [];
    window.tutorEngineStartedAt = performance.now() / 1000;
    everyPanel(function (panel) { panel.progress.hidden = false; });
    try {
      worker = new Worker(new URL("tutor-engine-worker.mjs", script.src), { type: "module" });
    } catch (error) {
      fail(String(error));
      return;
    }
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.type === "progress") {
        var written = percentText(message.percent);
        everyPanel(function (panel) {
          panel.progress.value = message.percent;
          panel.progress.textContent = written;
          panel.progress.setAttribute(
            "aria-valuetext", panel.words.loading.replace("{percent}", written),
          );
        });
      } else if (message.type === "ready") {
        state = "ready";
        window.tutorEngineReady = message.seconds; // the worker's own start to ready
        window.tutorEnginePhases = message.phases; // where that time went (benchmarks/browser.py)
        window.tutorEngineReadyAt = performance.now() / 1000; // from the page's opening
        everyPanel(function (panel) {
          panel.progress.hidden = true;
          if (panel.status.dataset.kind === "loading") say(panel, "");
        });
        queued.splice(0).forEach(function (item) { send(item.request, item.done); });
      } else if (message.type === "prepared") {
        window.tutorPrepared.push(message.id); // the order they were worked out (tests/docs)
      } else if (message.type === "failed") {
        fail(message.reason);
      } else if (message.type === "answer") {
        var done = waiting[message.n];
        delete waiting[message.n];
        if (done) done(message.result, message.ms);
      }
    };
    worker.onerror = function (event) {
      fail(event.message || "the worker stopped");
    };
    worker.postMessage({
      type: "start",
      base: base.href,
      language: language,
      prepare: figures.map(function (figure) { return figure.dataset.scenario; }),
    });
  }

  function fail(reason) {
    state = "failed";
    failure = reason;
    everyPanel(function (panel) {
      panel.progress.hidden = true;
      say(panel, panel.words.failed.replace("{reason}", reason), "scenario-failed");
    });
  }

  function send(request, done) {
    if (state === "ready") {
      count += 1;
      waiting[count] = done;
      worker.postMessage({ type: "ask", n: count, request: request });
    } else {
      queued.push({ request: request, done: done });
      startEngine();
    }
  }

  function el(name, attrs, text) {
    var node = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function choiceInput(form, uid, choice, index) {
    var id = uid + "-c" + index;
    var label = el("label", { for: id, class: "scenario-choice" });
    var input = el("input", {
      type: form.multiple ? "checkbox" : "radio",
      id: id,
      name: uid + "-choice",
      value: choice.value,
    });
    label.appendChild(input);
    label.appendChild(document.createTextNode(" " + choice.label));
    return label;
  }

  function controls(form, uid, fieldset) {
    var choices = form.choices;
    if (!choices.length) {
      var id = uid + "-number";
      var label = el("label", { for: id, class: "scenario-choice" }, form.words.number + " ");
      label.appendChild(el("input", {
        type: "number", id: id, name: uid + "-number", min: "0", max: "999", step: "1",
        inputmode: "numeric", class: "scenario-number",
      }));
      fieldset.appendChild(label);
      return;
    }
    if (form.reply === "tile") {
      var sid = uid + "-tile";
      var select = el("select", { id: sid, name: uid + "-tile", "aria-label": form.words.legend });
      select.appendChild(el("option", { value: "" }, "—"));
      choices.forEach(function (choice) {
        select.appendChild(el("option", { value: choice.value }, choice.label));
      });
      fieldset.appendChild(select);
      return;
    }
    var groups = {};
    var order = [];
    choices.forEach(function (choice, index) {
      var key = choice.group || "";
      if (!groups[key]) {
        groups[key] = el("span", { class: "scenario-choice-group" });
        order.push(key);
      }
      groups[key].appendChild(choiceInput(form, uid, choice, index));
    });
    order.forEach(function (key) { fieldset.appendChild(groups[key]); });
    if (form.multiple) fieldset.appendChild(el("p", { class: "scenario-help" }, form.words.none));
  }

  function picked(form, formNode) {
    if (!form.choices.length) {
      var number = formNode.querySelector("input[type=number]").value.trim();
      return number === "" ? null : number;
    }
    if (form.reply === "tile") {
      var value = formNode.querySelector("select").value;
      return value === "" ? null : value;
    }
    var values = Array.prototype.slice
      .call(formNode.querySelectorAll("input:checked"))
      .map(function (input) { return input.value; });
    if (form.multiple) return values.length ? values.join(", ") : "none";
    return values.length ? values[0] : null;
  }

  function remember(id, verdict) {
    if (verdict !== "right" && verdict !== "wrong") return;
    remembered().then(function (db) {
      if (!db) return;
      var store = db.transaction("answers", "readwrite").objectStore("answers");
      var reading = store.get(id);
      reading.onsuccess = function () {
        var old = reading.result || { id: id, tries: 0, right: 0 };
        old.tries += 1;
        if (verdict === "right") old.right += 1;
        old.last = verdict;
        old.when = Date.now();
        store.put(old);
      };
    });
  }

  // Every rating kept, as the worker reads them: {subject: [rating, rd, vol, answers]}.
  function keptRatings() {
    return remembered().then(function (db) {
      if (!db) return null;
      return new Promise(function (resolve) {
        var reading = db.transaction("ratings").objectStore("ratings").getAll();
        reading.onsuccess = function () {
          var kept = {};
          (reading.result || []).forEach(function (row) {
            kept[row.subject] = [row.rating, row.rd, row.vol, row.answers];
          });
          resolve(kept);
        };
        reading.onerror = function () { resolve(null); };
      });
    });
  }

  // Keep the ratings an answer moved and the answer itself (for the export), in one go.
  function keep(moved, answers) {
    return remembered().then(function (db) {
      if (!db) return false;
      return new Promise(function (resolve) {
        var tx = db.transaction(["ratings", "log"], "readwrite");
        var ratings = tx.objectStore("ratings");
        Object.keys(moved).forEach(function (subject) {
          var row = moved[subject];
          ratings.put({ subject: subject, rating: row[0], rd: row[1], vol: row[2], answers: row[3] });
        });
        answers.forEach(function (answer) { tx.objectStore("log").add(answer); });
        tx.oncomplete = function () { resolve(true); };
        tx.onerror = function () { resolve(false); };
      });
    });
  }

  function showLines(box, lines) {
    box.textContent = "";
    if (!lines.length) {
      box.hidden = true;
      return;
    }
    box.appendChild(el("p", {}, lines[0]));
    if (lines.length > 1) {
      var list = el("ul", {});
      lines.slice(1).forEach(function (line) { list.appendChild(el("li", {}, line)); });
      box.appendChild(list);
    }
    box.hidden = false;
  }

  // The ratings after a verdict: moved in the worker as the terminal moves them, kept here.
  function rateAnswer(figure, panel, verdict) {
    if (verdict !== "right" && verdict !== "wrong") return;
    keptRatings().then(function (kept) {
      if (kept === null) return; // this browser keeps nothing: no rating to move
      send({
        do: "rate", id: figure.dataset.scenario, right: verdict === "right",
        at: Date.now() / 1000, ratings: kept, language: language,
      }, function (result) {
        if (result.verdict !== "rated") return;
        keep(result.ratings, [result.answer]).then(function () {
          showLines(panel.rating, result.lines);
          panel.rating.dataset.n = String((Number(panel.rating.dataset.n) || 0) + 1);
        });
      });
    });
  }

  function recall(figure, panel) {
    remembered().then(function (db) {
      if (!db) return;
      var reading = db.transaction("answers").objectStore("answers").get(figure.dataset.scenario);
      reading.onsuccess = function () {
        var seen = reading.result;
        if (!seen) return;
        panel.before.textContent = seen.last === "right" ? panel.words.before_right
          : panel.words.before_wrong;
        panel.before.dataset.last = seen.last;
        panel.before.hidden = false;
      };
    });
  }

  function showVerdict(panel, result) {
    var box = panel.verdict;
    box.textContent = "";
    var lines = result.lines || [];
    var head = el("p", { class: "scenario-verdict-head verdict-" + result.verdict });
    head.appendChild(el("strong", {}, lines[0] || ""));
    box.appendChild(head);
    if (lines.length > 1) {
      var list = el("ul", {});
      lines.slice(1).forEach(function (line) { list.appendChild(el("li", {}, line)); });
      box.appendChild(list);
    }
    shown += 1;
    box.dataset.verdict = result.verdict;
    box.dataset.n = String(shown);
    box.hidden = false;
  }

  function build(figure, index) {
    var form;
    try {
      form = JSON.parse(figure.dataset.form);
    } catch (error) {
      return;
    }
    words = words || form.words;
    var uid = (figure.id || "puzzle-" + index) + "-try";
    var formNode = el("form", { class: "scenario-try", id: uid, novalidate: "novalidate" });
    var fieldset = el("fieldset", {});
    fieldset.appendChild(el("legend", {}, form.words.legend));
    controls(form, uid, fieldset);
    formNode.appendChild(fieldset);
    var row = el("div", { class: "scenario-actions" });
    var button = el("button", { type: "submit", class: "scenario-check" }, form.words.check);
    row.appendChild(button);
    var progress = el("progress", { max: "100", class: "scenario-progress" });
    progress.value = 0;
    progress.hidden = state !== "loading"; // drawn after the engine started (a first click)
    progress.setAttribute("aria-label", form.words.loading.replace("{percent}", ""));
    row.appendChild(progress);
    formNode.appendChild(row);
    var status = el("p", { class: "scenario-status", role: "status", "aria-live": "polite" });
    formNode.appendChild(status);
    var verdict = el("div", { class: "scenario-verdict", "aria-live": "polite" });
    verdict.hidden = true;
    formNode.appendChild(verdict);
    var rating = el("div", { class: "scenario-rating", "aria-live": "polite" });
    rating.hidden = true;
    formNode.appendChild(rating);
    var before = el("p", { class: "scenario-before" });
    before.hidden = true;
    fieldset.insertBefore(before, fieldset.children[1] || null);
    var panel = {
      form: form, words: form.words, status: status, verdict: verdict, progress: progress,
      before: before, rating: rating,
    };
    panels.push(panel);
    if (state === "failed") {
      say(panel, failure === "file" ? form.words.file
        : form.words.failed.replace("{reason}", failure), "scenario-failed");
    }
    recall(figure, panel);
    formNode.addEventListener("submit", function (event) {
      event.preventDefault();
      var reply = picked(form, formNode);
      if (reply === null) {
        say(panel, form.words.choose);
        return;
      }
      if (state === "failed") {
        say(panel, failure === "file" ? form.words.file
          : form.words.failed.replace("{reason}", failure), "scenario-failed");
        return;
      }
      say(panel, state === "ready" ? form.words.judging
        : form.words.loading.replace("{percent}", percentText(progress.value || 0)));
      status.dataset.kind = state === "ready" ? "judging" : "loading";
      var clicked = performance.now();
      send({ do: "answer", id: figure.dataset.scenario, reply: reply, language: language },
        function (result, ms) {
          say(panel, "");
          status.dataset.kind = "";
          showVerdict(panel, result);
          remember(figure.dataset.scenario, result.verdict);
          rateAnswer(figure, panel, result.verdict);
          verdict.dataset.ms = String(Math.round(performance.now() - clicked));
          verdict.dataset.engineMs = String(Math.round(ms));
        });
    });
    // The reader is at this puzzle: the engine starts, and works this one out first.
    var preferred = false;
    function atPuzzle() {
      startEngine();
      if (preferred || !worker || state === "failed") return;
      preferred = true;
      worker.postMessage({ type: "prefer", id: figure.dataset.scenario });
    }
    formNode.addEventListener("focusin", atPuzzle);
    formNode.addEventListener("pointerdown", atPuzzle);
    var question = figure.querySelector(".scenario-question");
    if (question && question.nextSibling) {
      figure.insertBefore(formNode, question.nextSibling);
    } else {
      figure.appendChild(formNode);
    }
  }

  // --- the progress file: saved from this browser, brought in from a file (the terminal's
  // domino-tutor progress --import/--export read and write the same format) ---------------
  function allKept(store) {
    return remembered().then(function (db) {
      if (!db) return [];
      return new Promise(function (resolve) {
        var reading = db.transaction(store).objectStore(store).getAll();
        reading.onsuccess = function () { resolve(reading.result || []); };
        reading.onerror = function () { resolve([]); };
      });
    });
  }

  function exportProgress(box) {
    allKept("log").then(function (answers) {
      var text = JSON.stringify(
        { format: "domino-tutor progress", version: 1, answers: answers }, null, 1,
      ) + "\n";
      var link = el("a", {
        href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
        download: "domino-tutor-progress.json",
      });
      box.appendChild(link);
      link.click();
      box.removeChild(link);
    });
  }

  function importProgress(box, input) {
    var file = input.files && input.files[0];
    if (!file) return;
    file.text().then(function (text) {
      return Promise.all([allKept("log"), keptRatings()]).then(function (found) {
        var have = found[0].map(function (a) { return [a.puzzle, a.at, a.right]; });
        send({
          do: "import", text: text, name: file.name, have: have, ratings: found[1] || {},
          language: language,
        }, function (result) {
          var done = function () {
            showLines(box.said, result.lines || []);
            box.said.dataset.verdict = result.verdict;
            box.said.dataset.n = String((Number(box.said.dataset.n) || 0) + 1);
          };
          if (result.verdict === "imported") keep(result.ratings, result.answers).then(done);
          else done();
          input.value = "";
        });
      });
    });
  }

  function progressBox(words) {
    var main = document.querySelector("article") || document.body;
    var box = el("section", { class: "tutor-progress", "aria-labelledby": "tutor-progress-h" });
    box.appendChild(el("h2", { id: "tutor-progress-h" }, words.progress));
    var save = el("button", { type: "button", class: "tutor-export" }, words.export);
    save.addEventListener("click", function () { exportProgress(box); });
    box.appendChild(save);
    var label = el("label", { for: "tutor-import", class: "tutor-import-label" }, words.import);
    var input = el("input", { type: "file", id: "tutor-import", accept: ".json,application/json" });
    input.addEventListener("change", function () { importProgress(box, input); });
    input.addEventListener("focusin", startEngine);
    box.appendChild(label);
    box.appendChild(input);
    box.said = el("div", { class: "tutor-progress-said", role: "status", "aria-live": "polite" });
    box.said.hidden = true;
    box.appendChild(box.said);
    main.appendChild(box);
  }

  // The controls are drawn after the load event, a few puzzles a task (about 8 ms each), and
  // the engine is started when the page is idle after that (or at the first interaction,
  // whichever is first). Drawn in this deferred script, they fell in the task that ends the
  // parsing, where Furo's DOMContentLoaded handler reads the layout: that one task built,
  // restyled and laid out every control of the page (issue 25).
  var drawn = 0;
  var drawing = 0; // milliseconds spent drawing the controls
  var idle = window.requestIdleCallback || function (fn) { return setTimeout(fn, 1500); };
  function draw() {
    var started = performance.now();
    while (drawn < figures.length && performance.now() - started < 8) {
      build(figures[drawn], drawn);
      drawn += 1;
    }
    drawing += performance.now() - started;
    if (drawn < figures.length) {
      setTimeout(draw, 0);
      return;
    }
    if (words && words.progress) progressBox(words);
    window.tutorFormsMs = drawing; // benchmarks/browser.py and tests/docs wait for it
    idle(startEngine, { timeout: 4000 });
  }
  window.addEventListener("load", function () { setTimeout(draw, 0); });
})();
