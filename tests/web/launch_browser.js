// Debian's chromium, headless, through puppeteer-core, as every browser test here starts it: a
// fresh profile of its own, and no background traffic (updates, sync, QUIC) that a test of "no
// request leaves the page" would have to tell apart from the page's own.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const puppeteer = require('puppeteer-core');

// The browser, and `close`, which also removes its profile.
async function launchBrowser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tilegrade-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = async () => {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { browser, close };
}

module.exports = { launchBrowser };
