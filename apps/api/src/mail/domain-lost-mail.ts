import { render, type RenderedMail } from './notification-mails.ts';

/**
 * The daily check found the owner's custom domain no longer pointing here: new links use this
 * server's address until it does again; links already shared keep working on both addresses.
 */
export function domainLostMail(input: {
  domain: string;
  target: string;
  publicUrl: string;
  settingsUrl: string;
}): RenderedMail & { link: string } {
  const rendered = render(
    `${input.domain} no longer points at Vocal`,
    [
      {
        text: `Today's check found that ${input.domain} no longer points at ${input.target}. Until it does again, new listen links use ${input.publicUrl} instead of https://${input.domain}.`,
      },
      {
        text: `Links you already shared keep working on both addresses. To use ${input.domain} again, make its record a CNAME for ${input.target}, then check it on your Custom domain page.`,
      },
      { link: input.settingsUrl, label: 'Open the Custom domain page' },
    ],
    input.settingsUrl,
    'You get this email because you set up a custom domain in your Vocal settings',
  );
  return { ...rendered, link: input.settingsUrl };
}
