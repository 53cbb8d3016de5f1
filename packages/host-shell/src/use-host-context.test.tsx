import { render, screen } from '@testing-library/react';
import { createFakeHostAdapter } from '@vocal/host-contract';
import type { HostAdapter } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { useHostContext } from './use-host-context.ts';

function Email({ adapter }: { adapter: HostAdapter }) {
  const context = useHostContext(adapter);
  return <p>{context.email ?? 'no address yet'}</p>;
}

describe('the host context', () => {
  it('is empty until the host is ready, then what the host answered', async () => {
    const fake = createFakeHostAdapter({ platform: 'zendesk', context: { email: 'agent@example.com' } });
    render(<Email adapter={fake.adapter} />);
    expect(screen.getByText('no address yet')).toBeInTheDocument();
    await screen.findByText('agent@example.com');
  });

  it('stays empty, without an error, when the host never becomes ready', async () => {
    const fake = createFakeHostAdapter({ platform: 'zendesk' });
    let refuse: (error: Error) => void = () => undefined;
    fake.adapter.ready = () => new Promise((_resolve, reject) => (refuse = reject));
    render(<Email adapter={fake.adapter} />);
    refuse(new Error('not in Zendesk'));
    await Promise.resolve();
    expect(screen.getByText('no address yet')).toBeInTheDocument();
  });
});
