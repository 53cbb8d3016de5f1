import { useState } from 'react';
import { copyToClipboard } from '@vocal/ui-kit';

/** One value of the record, with a button that copies it: these are typed into another site. */
function RecordValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="dns-record__row">
      <dt className="dns-record__label">{label}</dt>
      <dd className="dns-record__value">
        <code>{value}</code>
        <button
          type="button"
          className="dns-record__copy"
          aria-label={`Copy ${label.toLowerCase()}: ${value}`}
          onClick={async () => setCopied(await copyToClipboard(value))}
          onBlur={() => setCopied(false)}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </dd>
    </div>
  );
}

/** One record to create at the DNS provider: its type, its name (theirs) and its value. */
export function DnsRecord({ type, name, value, label }: { type: 'CNAME' | 'TXT'; name: string; value: string; label: string }) {
  return (
    <dl className="dns-record" aria-label={label}>
      <div className="dns-record__row">
        <dt className="dns-record__label">Type</dt>
        <dd className="dns-record__value">
          <code>{type}</code>
        </dd>
      </div>
      <RecordValue label="Name" value={name} />
      <RecordValue label={type === 'CNAME' ? 'Target' : 'Value'} value={value} />
    </dl>
  );
}
