import { describe, expect, it } from 'vitest';
import { previewCardUrl, ticketTitle } from './zendesk-reply.ts';

describe('the title from a ticket', () => {
  it('joins the subject and the requester, or takes what there is', () => {
    expect(ticketTitle('Printer on fire', 'Mikkel Svane')).toBe('Printer on fire · for Mikkel Svane');
    expect(ticketTitle('Printer on fire', undefined)).toBe('Printer on fire');
    expect(ticketTitle(undefined, 'Mikkel Svane')).toBe('Voice message for Mikkel Svane');
    expect(ticketTitle(undefined, undefined)).toBeUndefined();
  });

  it('stays within the server’s 200 characters', () => {
    const title = ticketTitle('s'.repeat(250), 'Ada');
    expect(title).toHaveLength(200);
    expect(title?.endsWith('…')).toBe(true);
  });
});

describe('the preview card’s address', () => {
  it('is the listen link’s card, on the link’s own origin', () => {
    expect(previewCardUrl('https://vocal.example/listen/AbCdEf123456')).toBe('https://vocal.example/listen/AbCdEf123456/card.png');
    expect(previewCardUrl('https://voice.acme.example/listen/AbCdEf123456/')).toBe(
      'https://voice.acme.example/listen/AbCdEf123456/card.png',
    );
  });
});
