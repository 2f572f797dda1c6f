// The page: pick an assignment, give a script (open, drop or type it), check it in a Web Worker,
// show the report. Nothing leaves the browser: the only requests are for this folder's own files.
// Text from scripts reaches the page through textContent only, and the report (escaped by the
// grader) is shown in a sandboxed frame.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  assignments: [],
  current: null,      // {name, title, files, starter, wallSeconds}
  worker: null,
  run: null,          // the check in progress
};

function say(text) { $('progress').textContent = text; }

async function fetchText(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error('cannot read ' + path + ' (' + response.status + ')');
  return response.text();
}

async function loadAssignments() {
  state.assignments = JSON.parse(await fetchText('assignments/index.json'));
  const select = $('assignment');
  for (const entry of state.assignments) {
    const option = document.createElement('option');
    option.value = entry.name;
    option.textContent = entry.title;
    select.appendChild(option);
  }
  await chooseAssignment(select.value);
}

async function chooseAssignment(name) {
  const folder = 'assignments/' + name + '/';
  const [assignmentJson, expectedJson, starter] = await Promise.all(
    ['assignment.json', 'expected.json', 'starter.lua'].map((file) => fetchText(folder + file)));
  const limits = JSON.parse(assignmentJson).limits || {};
  state.current = {
    name,
    files: { 'assignment.json': assignmentJson, 'expected.json': expectedJson },
    starter,
    // The limit a grading child gets per test natively (in processor time there; the page has
    // only a wall clock, which is fair here: the student's own tab runs only their own script).
    // "wall_seconds" is the field's older name.
    wallSeconds: typeof limits.test_seconds === 'number' ? limits.test_seconds
      : typeof limits.wall_seconds === 'number' ? limits.wall_seconds : 60,
  };
  $('handout').href = folder + 'README.md';
  say('Ready. Open, drop or type your script, then press Check.');
}

function setScript(name, text) {
  // The file's own name, as `tilegrade check` shows it in messages ("bfs.lua:3: ...").
  const base = String(name).split(/[\\/]/).pop().replace(/[^A-Za-z0-9._-]/g, '_');
  $('script-name').value = base || 'submission.lua';
  $('script').value = text;
}

async function readFile(file) {
  if (!file) return;
  setScript(file.name, await file.text());
  say('Loaded ' + file.name + '. Press Check.');
}

function stopWorker() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
}

function finish(message) {
  clearInterval(state.run && state.run.timer);
  state.run = null;
  $('check').disabled = false;
  $('stop').disabled = true;
  if (message) say(message);
}

// The worker, started ahead of need so that the grader compiles while the student picks a script.
function warmWorker() {
  if (!state.worker) {
    state.worker = new Worker('worker.js');
    state.worker.postMessage({ type: 'warm' });
  }
  return state.worker;
}

// Starts the check in the warm worker, or resumes it in a fresh one after a stopped test.
function launch(run, stoppedJob, stoppedSeconds, loadStoppedSeconds) {
  const worker = warmWorker();
  run.phase = 'loading';
  run.since = performance.now();
  worker.onmessage = (event) => onWorkerMessage(run, event.data);
  worker.onerror = (event) => {
    stopWorker();
    finish('The grader could not start: ' + (event.message || 'unknown error'));
  };
  worker.postMessage({
    type: 'check',
    assignment: run.assignment.name,
    files: run.assignment.files,
    scriptName: run.scriptName,
    scriptText: run.scriptText,
    doneLines: run.doneLines.slice(),
    stoppedJob,
    stoppedSeconds,
    loadStoppedSeconds,
  });
}

function onWorkerMessage(run, message) {
  if (state.run !== run) return;
  if (message.type === 'loaded') {
    run.phase = 'running';
  } else if (message.type === 'started') {
    run.job = message.job;
    run.total = message.total;
    run.since = performance.now();
    say('Running test ' + (message.job + 1) + ' of ' + message.total + '\u2026');
  } else if (message.type === 'done') {
    run.doneLines[message.job] = message.line;
  } else if (message.type === 'result') {
    $('summary').dataset.gradingMs = Math.round(message.ms);
    showResult(message.result);
  } else if (message.type === 'failed') {
    stopWorker();
    finish('The grader failed: ' + message.message);
  }
}

// Once a second: a top level or a test running past the limit is stopped, and a new worker
// resumes after it (as a new grading child does natively).
function watch(run) {
  const limit = run.assignment.wallSeconds;
  const elapsed = (performance.now() - run.since) / 1000;
  if (run.phase === 'running' && run.job >= 0 && run.total > 0) {
    say('Running test ' + (run.job + 1) + ' of ' + run.total + '\u2026 ' +
        Math.floor(elapsed) + ' s');
  }
  if (elapsed < limit) return;
  if (run.phase === 'loading' && run.doneLines.length === 0) {
    stopWorker();
    launch(run, -1, 0, limit);
  } else if (run.phase === 'running' && run.job >= 0 && run.doneLines[run.job] === undefined) {
    const stopped = run.job;
    run.job = -1;
    stopWorker();
    launch(run, stopped, limit, 0);
  }
}

function check() {
  if (!state.current) return;
  const run = {
    assignment: state.current,
    scriptName: $('script-name').value || 'submission.lua',
    scriptText: $('script').value,
    doneLines: [],
    job: -1,
    total: 0,
    phase: 'loading',
    since: performance.now(),
  };
  state.run = run;
  $('check').disabled = true;
  $('stop').disabled = false;
  $('summary').textContent = '';
  $('results-json').textContent = '';
  say('Starting the grader\u2026');
  run.timer = setInterval(() => watch(run), 1000);
  launch(run, -1, 0, 0);
}

function showResult(result) {
  if (result.error) {
    finish('This assignment cannot be checked: ' + result.error);
    return;
  }
  const results = result.results;
  $('results-json').textContent = JSON.stringify(results);
  $('summary').textContent = (result.all_passed ? 'All visible tests passed: ' : 'Score: ') +
      Math.round(results.score * 100) / 100 + ' of ' +
      Math.round(results.max_score * 100) / 100 + ' points on the visible tests.' +
      (result.not_checked ? ' ' + result.not_checked : '');
  $('report').srcdoc = result.html;
  finish('Done.');
}

function stop() {
  stopWorker();
  finish('Stopped. Nothing was graded; press Check to start again.');
}

window.addEventListener('DOMContentLoaded', () => {
  $('assignment').addEventListener('change', (event) => {
    chooseAssignment(event.target.value).catch((error) => say(String(error.message)));
  });
  $('file').addEventListener('change', (event) => readFile(event.target.files[0]));
  $('starter').addEventListener('click', () => {
    if (state.current) setScript('submission.lua', state.current.starter);
  });
  $('check').addEventListener('click', check);
  $('stop').addEventListener('click', stop);
  const drop = $('drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    readFile(event.dataTransfer.files[0]);
  });
  loadAssignments().then(warmWorker).catch((error) => {
    say('Cannot load the assignments: ' + error.message + ' (a page opened from a file may ' +
        'not read its folder: serve the folder, e.g. python3 -m http.server)');
  });
});
