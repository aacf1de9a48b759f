import { test as base } from '@playwright/test';
import { e2eServerPort } from './e2eServers.js';

export { expect } from '@playwright/test';
export type { Locator, Page, Request, Response } from '@playwright/test';

/** Each parallel worker talks to a server of its own, so one worker's data never shows up in another's pages. */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${e2eServerPort(testInfo.parallelIndex)}`);
  },
});
