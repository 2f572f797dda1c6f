// The grader, off the page's thread: one check per message, progress posted as it happens. The
// page keeps one worker warm between checks; it ends it when a test runs too long (or the student
// presses Stop) and starts a new one that resumes after that test (see tilegrade_web.cpp).
'use strict';
importScripts('tilegrade.js');

let ready = null;  // the WebAssembly module, instantiated once per worker

function writeFolder(FS, folder, files) {
  FS.mkdirTree(folder);
  for (const [name, text] of Object.entries(files)) FS.writeFile(folder + '/' + name, text);
}

self.onmessage = async (event) => {
  const request = event.data;
  try {
    if (!ready) ready = createTilegrade();
    const module = await ready;
    if (request.type === 'warm') return;  // compiled ahead, while the student picks a script
    module.onScriptLoaded = () => self.postMessage({ type: 'loaded' });
    module.onJobStarted = (job, total) => self.postMessage({ type: 'started', job, total });
    module.onJobDone = (job, total, line) => self.postMessage({ type: 'done', job, total, line });
    const folder = '/assignment/' + request.assignment;
    writeFolder(module.FS, folder, request.files);
    writeFolder(module.FS, '/submission', { [request.scriptName]: request.scriptText });
    const done = request.doneLines.slice();
    if (request.stoppedJob >= 0) {
      const line = module.ccall('tilegrade_stopped_job_line', 'string', ['number', 'number'],
                                [request.stoppedJob, request.stoppedSeconds]);
      done.push(line);
      self.postMessage({ type: 'done', job: request.stoppedJob, total: 0, line });
    }
    const started = performance.now();
    const text = module.ccall('tilegrade_check', 'string',
                              ['string', 'string', 'string', 'number'],
                              [folder, '/submission/' + request.scriptName, JSON.stringify(done),
                               request.loadStoppedSeconds]);
    self.postMessage({ type: 'result', result: JSON.parse(text),
                       ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ type: 'failed', message: String(error && error.message || error) });
  }
};
