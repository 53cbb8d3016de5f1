import { CopyLinkField } from '@vocal/ui-kit';
import { SettingsGroup } from './settings-frame.tsx';
import { EmbedCodeField } from './embed-code-field.tsx';
import { QrCode } from './qr-code.tsx';

/**
 * The three ways to hand out a public page (contact form, collect page): its link, the code
 * to put it on a website, and a QR code of the link for paper and screens.
 */
export function ShareKit(props: { url: string; what: string; embedTitle: string; fileName: string }) {
  // allow="microphone": without it a browser refuses the microphone inside the frame.
  const embed = `<iframe src="${props.url}" title="${props.embedTitle}" width="100%" height="680" style="border:0;max-width:560px" allow="microphone; clipboard-write"></iframe>`;
  return (
    <>
      <SettingsGroup
        title="Link"
        hint={
          <a href={props.url} target="_blank" rel="noopener">
            Open the {props.what} as a visitor sees it
          </a>
        }
      >
        <CopyLinkField url={props.url} label={`Link to your ${props.what}`} hideLabel />
      </SettingsGroup>
      <SettingsGroup title="Put it on your website">
        <EmbedCodeField code={embed} hint="Paste this where it should appear on your page." />
      </SettingsGroup>
      <SettingsGroup title="QR code" hint="For print, posters and slides: phones open the link when they scan it.">
        <QrCode url={props.url} label={`QR code of the ${props.what} link`} fileName={props.fileName} />
      </SettingsGroup>
    </>
  );
}
