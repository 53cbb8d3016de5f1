import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Transcript } from './transcript.tsx';

const transcription = [
  {
    start: 0,
    end: 3,
    num_words: 6,
    sentences: [
      { text: 'Hello there.', start: 0.2, end: 1.4 },
      { text: 'Here is the plan.', start: 1.6, end: 3 },
    ],
  },
  { start: 3.5, end: 5, num_words: 2, sentences: [{ text: 'Talk soon.', start: 3.5, end: 5 }] },
];

describe('Transcript', () => {
  it('highlights the sentence being spoken, and keeps the last one lit in a pause', () => {
    const { rerender } = render(<Transcript transcription={transcription} currentTime={0.1} onSeek={() => undefined} />);
    expect(screen.queryByRole('button', { current: true })).toBeNull();
    rerender(<Transcript transcription={transcription} currentTime={2} onSeek={() => undefined} />);
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('Here is the plan.');
    rerender(<Transcript transcription={transcription} currentTime={3.2} onSeek={() => undefined} />);
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('Here is the plan.');
    rerender(<Transcript transcription={transcription} currentTime={4} onSeek={() => undefined} />);
    expect(screen.getByRole('button', { current: true })).toHaveTextContent('Talk soon.');
  });

  it('seeks to a sentence when it is chosen, by pointer or keyboard', async () => {
    const onSeek = vi.fn();
    const user = userEvent.setup();
    render(<Transcript transcription={transcription} currentTime={0} onSeek={onSeek} />);
    await user.click(screen.getByRole('button', { name: 'Talk soon. (at 0:03)' }));
    expect(onSeek).toHaveBeenLastCalledWith(3.5);
    screen.getByRole('button', { name: 'Hello there. (at 0:00)' }).focus();
    await user.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(0.2);
  });

  it('renders nothing for an empty transcript', () => {
    const { container } = render(<Transcript transcription={[]} currentTime={0} onSeek={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
