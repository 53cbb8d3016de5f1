import { ButtonLink, CopyLinkField } from '@vocal/ui-kit';
import type { GuideResource } from './host-guides.tsx';

/** What a step hands out: a download, as a button that saves the file, or an address to copy. */
export function GuideResourceView({ resource }: { resource: GuideResource }) {
  if (resource.kind === 'address') return <CopyLinkField url={resource.url} label={resource.label} />;
  return (
    <ButtonLink
      href={resource.url}
      download={resource.fileName}
      variant="secondary"
      icon={<DownloadIcon />}
      className="integration-card__download"
    >
      {resource.label}
    </ButtonLink>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
    </svg>
  );
}
