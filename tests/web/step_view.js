// One step-through view walked with the keyboard alone, as a student would, after it has focus:
// Home, the right arrow until the highlighted step (at most `stepsKept` presses), End, p, d.
// Shared by drive_report.js (a report file) and drive_page.js (the report in the check page's
// frame); `scope` is the page or the frame that holds the view, `keyboard` the page's.
'use strict';

async function stepOf(scope, id) {
  return scope.$eval('#' + id, (root) => ({
    step: Number(root.getAttribute('data-step')),
    highlighted: root.getAttribute('data-highlighted') === 'true',
  }));
}

// What the page says of one view before it is walked: its test, the step its "First divergence"
// heading names, and the steps its data keeps (focus, divergence).
async function viewFacts(scope, id) {
  return scope.$eval('#' + id, (root) => {
    const card = root.closest('section.test');
    const heading = Array.from(card.querySelectorAll('h3'))
      .map((h) => h.textContent).find((text) => text.startsWith('First divergence: expansion'));
    const data = JSON.parse(root.querySelector('.through-data').textContent);
    return {
      test: card.querySelector('header h2').textContent,
      heading_step: heading ? Number(heading.match(/expansion (\d+)/)[1]) : null,
      data_focus: data.focus,
      data_divergence: data.divergence,
      steps_kept: data.steps.length,
    };
  });
}

async function walkView(keyboard, scope, id, stepsKept) {
  await keyboard.press('Home');
  const first = await stepOf(scope, id);
  let presses = 0;
  let now = first;
  while (!now.highlighted && presses < stepsKept) {
    await keyboard.press('ArrowRight');
    presses += 1;
    now = await stepOf(scope, id);
  }
  await keyboard.press('End');
  const last = await stepOf(scope, id);
  await keyboard.press('p');
  const back = await stepOf(scope, id);
  await keyboard.press('d');
  const jumped = await stepOf(scope, id);
  return {
    first: first.step, presses, reached: now.step, reached_highlighted: now.highlighted,
    last: last.step, back: back.step, jumped: jumped.step, jumped_highlighted: jumped.highlighted,
  };
}

module.exports = { viewFacts, walkView };
