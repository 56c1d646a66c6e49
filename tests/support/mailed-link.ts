import { expect } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';

/** The first link of the first mail to `to` (whose subject matches, if given), once it has arrived. */
export async function mailedLink(mailboxFile: string, to: string, subject = /./): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readMailbox(mailboxFile)).find((m) => m.to === to && subject.test(m.subject));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link as string;
}
