import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/browser';
import { startTestStack } from './tests/support/local-stack';
process.env.API_FROM_BUNDLES = '1';
const stack = await startTestStack({ seed: true, web: true, webFromBuild: true });
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 400)));
  const client = await page.context().newCDPSession(page);
  await client.send('Audits.enable');
  client.on('Audits.issueAdded', (e) => console.log('issue', JSON.stringify(e.issue).slice(0, 600)));
  await page.goto(stack.webUrl, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await browser.close();
} finally {
  await stack.dispose();
}
