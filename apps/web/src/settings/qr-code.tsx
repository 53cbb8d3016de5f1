import { useMemo } from 'react';
import QRCode from 'qrcode';
import { Button } from '@vocal/ui-kit';

/** Quiet zone in modules: the four the QR standard asks for, so every phone camera reads it. */
const MARGIN = 4;
const PNG_WIDTH = 1024;

/** One SVG path of the dark modules, drawn by us so no markup string is injected. */
function modulePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  return { size: modules.size + MARGIN * 2, path };
}

function svgMarkup(size: number, path: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

function download(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
}

/**
 * A QR code of a link, to print or put on a slide, with downloads as SVG (sharp at any size)
 * and PNG. Always black on white, whatever the app's theme: scanners want that contrast.
 */
export function QrCode({ url, label, fileName }: { url: string; label: string; fileName: string }) {
  const { size, path } = useMemo(() => modulePath(url), [url]);
  const downloadSvg = () => {
    const blob = new Blob([svgMarkup(size, path)], { type: 'image/svg+xml' });
    const href = URL.createObjectURL(blob);
    download(href, `${fileName}.svg`);
    setTimeout(() => URL.revokeObjectURL(href), 0);
  };
  const downloadPng = async () => {
    download(await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: MARGIN, width: PNG_WIDTH }), `${fileName}.png`);
  };
  return (
    <div className="qr-code">
      <svg className="qr-code__image" viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" role="img" aria-label={label}>
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <div className="qr-code__actions">
        <Button variant="secondary" size="sm" onClick={downloadSvg}>
          Download SVG
        </Button>
        <Button variant="secondary" size="sm" onClick={downloadPng}>
          Download PNG
        </Button>
      </div>
    </div>
  );
}
