/**
 * The document every host app page is written into, so that the page files hold only what is
 * their own: the tags their host needs in the head (office.js, ZAF, SigmaSDK, an icon), the
 * body's class, and the root and entry script. Charset, viewport, language and the default
 * title are set here once.
 */
const SHELL_HEAD = [
  '<meta charset="UTF-8" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
];

const DEFAULT_TITLE = 'Vocal';

/** A page file's parts: its own head tags, its body's attributes and the body's content. */
export function pagePartsOf(page) {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(page)?.[1] ?? '';
  const withoutHead = page.replace(/<head>[\s\S]*?<\/head>/i, '');
  const body = /<body([^>]*)>([\s\S]*?)<\/body>/i.exec(withoutHead);
  return {
    head: head.trim(),
    bodyAttributes: body?.[1] ?? '',
    body: (body ? body[2] : withoutHead).trim(),
  };
}

/**
 * The whole document of a page file (a file that is a whole document already is left as it is).
 * `appHead`: the tags every page of the app carries (its host's SDK, its icon), before the page's own.
 */
export function documentOf(page, appHead = []) {
  if (/^\s*<!doctype/i.test(page)) return page;
  const { head, bodyAttributes, body } = pagePartsOf(page);
  const title = /<title>/i.test(head) ? [] : [`<title>${DEFAULT_TITLE}</title>`];
  const own = head ? head.split('\n').map((line) => line.trim()) : [];
  const headLines = [...SHELL_HEAD, ...title, ...appHead, ...own];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    ...headLines.map((line) => `    ${line}`),
    '  </head>',
    `  <body${bodyAttributes}>`,
    ...body.split('\n').map((line) => `    ${line.trim()}`),
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** The Vite plugin: each page is written into the shell, with the app's `head` tags, before Vite reads its scripts. */
export function pageShell(head = []) {
  return {
    name: 'vocal-page-shell',
    transformIndexHtml: { order: 'pre', handler: (page) => documentOf(page, head) },
  };
}
