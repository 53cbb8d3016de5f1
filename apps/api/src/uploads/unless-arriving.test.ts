import { describe, expect, it } from 'vitest';
import { gone, notFound } from '../http/http-error.ts';
import { unlessArriving } from './unless-arriving.ts';

/** A page read that answers each of `outcomes` in turn: a page, or an error to throw. */
function reads<Page>(...outcomes: (Page | Error)[]) {
  let count = 0;
  const read = async () => {
    const outcome = outcomes[Math.min(count++, outcomes.length - 1)]!;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { read, count: () => count };
}

describe('unlessArriving', () => {
  it('answers the page when there is one, without asking whether it is arriving', async () => {
    const page = reads('the page');
    let asked = false;
    expect(await unlessArriving(page.read, async () => (asked = true))).toBe('the page');
    expect(asked).toBe(false);
  });

  it('answers null for a message still streaming in', async () => {
    expect(await unlessArriving(reads<string>(notFound('missing')).read, async () => true)).toBeNull();
  });

  it('finds a message completed between "no page" and "not arriving": the race a listener lost', async () => {
    const page = reads<string>(notFound('still uploading'), 'the page, just completed');
    expect(await unlessArriving(page.read, async () => false)).toBe('the page, just completed');
    expect(page.count()).toBe(2);
  });

  it('still answers 404 for a message that does not exist', async () => {
    const page = reads<string>(notFound('missing'));
    await expect(unlessArriving(page.read, async () => false)).rejects.toMatchObject({ status: 404 });
    expect(page.count()).toBe(2);
  });

  it('passes any other refusal on as it is, read once', async () => {
    const page = reads<string>(gone('expired'));
    let asked = false;
    await expect(unlessArriving(page.read, async () => (asked = true))).rejects.toMatchObject({ status: 410 });
    expect(asked).toBe(false);
    expect(page.count()).toBe(1);
  });
});
