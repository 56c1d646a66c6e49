import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';

it("README's 'Testing one handler' example is the test file that runs it, as written", async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Testing one handler'));
  const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  const test = await readFile(new URL('../integration/handler-kit-example.test.ts', import.meta.url), 'utf8');
  expect(example).toBe(test);
});
