// Drives Debian's chromium (headless, through puppeteer-core) over HTML reports written by
// `tilegrade grade --format html`, with the keyboard alone, for tests/web/report_view.sh.
//   node drive_report.js PLAN.json OUT.json
// PLAN: {"artifacts": DIR, "pages": [{"id", "file", "shots": [{"test", "selector", "file"}]}]}
// OUT: {"pages": {id: {"render_ms", "views": [...]}}, "problems": [...]}
// Each view: the test's name, the step the page's own divergence heading names (the judge's
// figure, drawn without the script), and what the keys did: the first and last steps shown, how
// many presses of the right arrow reached the highlighted step, and which step that was.
'use strict';
const fs = require('fs');
const { viewFacts, walkView } = require('./step_view');
const path = require('path');
const { launchBrowser } = require('./launch_browser');

const [planPath, outPath] = process.argv.slice(2);
const plan = JSON.parse(fs.readFileSync(planPath, 'utf8'));
const out = { pages: {}, problems: [] };

async function driveView(page, id) {
  const facts = await viewFacts(page, id);
  await page.focus('#' + id);  // as Tab would: the view is one stop in the page's order
  return Object.assign(facts, await walkView(page.keyboard, page, id, facts.steps_kept));
}

(async () => {
  const { browser, close } = await launchBrowser();
  try {
    for (const entry of plan.pages) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1100, height: 900 });
      page.on('console', (message) => {
        out.problems.push(entry.id + ': console ' + message.type() + ': ' + message.text());
      });
      page.on('pageerror',
              (error) => out.problems.push(entry.id + ': page error: ' + error.message));
      page.on('request', (request) => {
        const target = request.url();
        if (!target.startsWith('file://') && !target.startsWith('data:')) {
          out.problems.push(entry.id + ': a request: ' + target);
        }
      });
      const started = Date.now();
      await page.goto('file://' + path.resolve(entry.file), { waitUntil: 'load' });
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-through') === 'ready',
        { timeout: 60000 });
      const renderMs = Date.now() - started;
      const ids = await page.$$eval('.through', (roots) => roots.map((root) => root.id));
      const views = [];
      for (const id of ids) views.push(await driveView(page, id));
      for (const shot of entry.shots || []) {
        const target = await page.evaluateHandle((test, selector) => {
          const card = Array.from(document.querySelectorAll('section.test'))
            .find((section) => section.querySelector('header h2').textContent === test);
          return card ? (selector && card.querySelector(selector)) || card : null;
        }, shot.test, shot.selector || '');
        const element = target.asElement();
        if (!element) {
          out.problems.push(entry.id + ': no test named ' + shot.test + ' to photograph');
          continue;
        }
        await element.scrollIntoView();
        await element.screenshot({ path: path.join(plan.artifacts, shot.file) });
      }
      out.pages[entry.id] = { render_ms: renderMs, views };
      await page.close();
    }
  } catch (error) {
    out.problems.push('driver: ' + (error && error.stack || error));
  } finally {
    await close();
    fs.writeFileSync(outPath, JSON.stringify(out, null, 1));
  }
})();
