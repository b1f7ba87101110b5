import { test, before, after } from 'node:test';
import { startServer, launchBrowser, openPage, waitReady, waitFrames } from './harness.mjs';
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
test('shots', async () => {
  for (const [name, path] of [['own', '#v=2&lang=zh&ask.goal=own&ask.have=tesla-v100-sxm2-16gb&ask.n=8'], ['cards', '#v=2&ask.model=qwen2.5-32b&ask.cards=rtx-4090,rtx-5090,rtx-3090'], ['run70', '#v=2&ask.model=llama-3-70b&ask.tps=30']]) {
    const { page, context } = await openPage(browser, server.origin, { ...phone, path });
    await waitReady(page);
    await page.waitForFunction(() => window.gpuwise.ask && window.gpuwise.ask.answers.length > 0, null, { timeout: 20000 });
    await waitFrames(page, 4);
    await page.screenshot({ path: `/tmp/shot-${name}.png` });
    await context.close();
  }
});
