// Drives Debian's chromium (headless, through puppeteer-core) over the check page served at URL,
// for tests/web/web_check.sh and scripts/web-bench.sh.
//   node drive_page.js URL PLAN.json OUT.json
// PLAN: {"artifacts": DIR, "checks": [{"id", "assignment", "script", "name"}], "stop": {...}}
// OUT: {"checks": {id: {"results", "summary", "progress", "ms", "views"}}, "problems": [...], ...}
// "views": each step-through view of the report, stepped with the keyboard (driveViews); a
// check's "view_screenshot" names the picture of its first view at the highlighted step.
// It only reports what the page showed; web_check.sh compares that with native `tilegrade check`.
'use strict';
const fs = require('fs');
const path = require('path');
const { launchBrowser } = require('./launch_browser');
const { viewFacts, walkView } = require('./step_view');

const [url, planPath, outPath] = process.argv.slice(2);
const plan = JSON.parse(fs.readFileSync(planPath, 'utf8'));
const out = { checks: {}, problems: [], stop: null };

async function waitIdle(page, timeoutMs) {
  await page.waitForFunction(
    () => !document.getElementById('check').disabled &&
          document.getElementById('progress').textContent !== 'Starting the grader\u2026',
    { timeout: timeoutMs, polling: 100 });
}

async function chooseScript(page, check) {
  await page.select('#assignment', check.assignment);
  await page.waitForFunction(
    () => document.getElementById('progress').textContent.startsWith('Ready'), { timeout: 30000 });
  await page.$eval('#script-name', (input, name) => { input.value = name; }, check.name);
  await page.$eval('#script', (area, text) => { area.value = text; },
                   fs.readFileSync(check.script, 'utf8'));
}

// The report's frame (sandboxed, its own document): marked before a check, so that waiting for
// the new report never reads the one it replaces.
async function reportFrame(page) {
  return (await page.$('#report')).contentFrame();
}

// The frame once it holds the new report with its views set up (its frame may be replaced while
// the report loads, so it is asked for afresh each time); null after 30 s.
async function newReport(page) {
  for (let tries = 0; tries < 300; tries += 1) {
    const frame = await reportFrame(page);
    const ready = frame && await frame.evaluate(
      () => !document.documentElement.hasAttribute('data-stale') &&
            document.documentElement.getAttribute('data-through') === 'ready').catch(() => false);
    if (ready) return frame;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

// The step-through views of the report in the frame, driven with the keyboard alone, as
// drive_report.js drives a report file: Home, then the right arrow until the highlighted step,
// End, p, d. compare.py checks that the highlighted step is the judge's.
async function driveViews(page, frame) {
  const ids = await frame.$$eval('.through', (roots) => roots.map((root) => root.id));
  const views = [];
  for (const id of ids) {
    const facts = await viewFacts(frame, id);
    // As a student would: a click on the view's heading selects it (a script's focus() alone is
    // not always honoured inside a frame of another origin), then the keyboard alone.
    await frame.click('#' + id + ' h3');
    await frame.focus('#' + id);
    views.push(Object.assign(facts, { id },
                             await walkView(page.keyboard, frame, id, facts.steps_kept)));
  }
  return views;
}

// One view of the report's frame, whole. The frame has a fixed height, which clips a view taller
// than it shows, so it is made as tall as its document for the picture (the height is read inside
// the frame: it is of another origin). An element's own screenshot() cannot be used here: it adds
// the scroll of the element's window (the frame) to a box measured in the page's viewport, which
// photographs the wrong place once the page itself has scrolled. So the box, in the page's
// viewport, gets the page's scroll added, and the page is photographed.
async function photographView(page, frame, view, file) {
  const height = await frame.evaluate(() => document.documentElement.scrollHeight);
  const heightBefore = await page.evaluate((pixels) => {
    const element = document.getElementById('report');
    const before = element.style.height;
    element.style.height = pixels + 'px';
    return before;
  }, height);
  await view.scrollIntoView();
  const box = await view.boundingBox();
  const scroll = await page.evaluate(
    () => [window.visualViewport.pageLeft, window.visualViewport.pageTop]);
  if (box) {
    await page.screenshot({
      path: file, captureBeyondViewport: true,
      clip: { x: box.x + scroll[0], y: box.y + scroll[1], width: box.width, height: box.height },
    });
  } else {
    out.problems.push(file + ': the step-through view has no box to photograph');
  }
  await page.evaluate((before) => {
    document.getElementById('report').style.height = before;
  }, heightBefore);
}

async function runCheck(page, check) {
  await chooseScript(page, check);
  const before = await reportFrame(page);
  if (before) await before.evaluate(() => document.documentElement.setAttribute('data-stale', ''));
  const started = Date.now();
  await page.click('#check');
  await waitIdle(page, (check.timeout_s || 300) * 1000);
  const ms = Date.now() - started;
  const shown = await page.evaluate(() => ({
    results: document.getElementById('results-json').textContent,
    summary: document.getElementById('summary').textContent,
    progress: document.getElementById('progress').textContent,
    report: document.getElementById('report').srcdoc.length,
    gradingMs: Number(document.getElementById('summary').dataset.gradingMs),
  }));
  out.checks[check.id] = {
    results: shown.results ? JSON.parse(shown.results) : null,
    summary: shown.summary, progress: shown.progress, report_chars: shown.report, ms,
    grading_ms: shown.gradingMs,
  };
  const frame = shown.results ? await newReport(page) : null;
  if (frame) out.checks[check.id].views = await driveViews(page, frame);
  if (check.view_screenshot && frame) {
    // The first view, at its highlighted step (d was the last key pressed), photographed.
    const view = await frame.$('.through');
    if (view) {
      await photographView(page, frame, view, path.join(plan.artifacts, check.view_screenshot));
    } else {
      out.problems.push(check.id + ': no step-through view to photograph');
    }
  }
  if (check.screenshot) {
    // Let the report's frame lay out and run its replay script before the picture.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.screenshot({ path: path.join(plan.artifacts, check.screenshot), fullPage: true });
  }
}

// Stop button: a script that never ends, stopped by hand; the page must be usable after it.
async function runStop(page, stop) {
  await chooseScript(page, stop);
  await page.click('#check');
  await page.waitForFunction(
    () => document.getElementById('progress').textContent.startsWith('Running test'),
    { timeout: 30000 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const responsive = await page.evaluate(() => {  // the page's own thread is free meanwhile
    const before = performance.now();
    return new Promise((resolve) => setTimeout(() => resolve(performance.now() - before), 0));
  });
  await page.click('#stop');
  await waitIdle(page, 10000);
  out.stop = {
    progress: await page.$eval('#progress', (p) => p.textContent),
    results: await page.$eval('#results-json', (p) => p.textContent),
    timer_delay_ms: responsive,
  };
}

(async () => {
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 900 });
    // Everything the page or its frame says on the console, and any request leaving the site.
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        out.problems.push('console ' + message.type() + ': ' + message.text());
      }
    });
    page.on('pageerror', (error) => out.problems.push('page error: ' + error.message));
    page.on('request', (request) => {
      const target = request.url();
      if (!target.startsWith(url) && !target.startsWith('data:') &&
          !target.startsWith('about:')) {
        out.problems.push('request outside the site: ' + target);
      }
    });
    await page.goto(url + 'index.html', { waitUntil: 'load' });
    await page.waitForFunction(
      () => document.getElementById('progress').textContent.startsWith('Ready'),
      { timeout: 30000 });
    for (const check of plan.checks) await runCheck(page, check);
    if (plan.stop) await runStop(page, plan.stop);
    for (const check of plan.after || []) await runCheck(page, check);
  } catch (error) {
    out.problems.push('driver: ' + (error && error.stack || error));
  } finally {
    await close();
    fs.writeFileSync(outPath, JSON.stringify(out, null, 1));
  }
})();
