/** A piece of a fake paragraph: text (a link when `link` is set) or an inline image. */
export type Run = { text: string; link?: string } | { image: { bytes: Uint8Array; contentType: string }; width: number; height: number };

/**
 * The document the fake DocumentApp edits: paragraphs of runs, where the cursor is (a
 * paragraph and a run index; null when there is none, as with a selection), and which
 * paragraphs are selected. `cursorRefuses` makes insertText at the cursor answer null, as
 * Docs does where text cannot go (inside an equation, say).
 */
export type FakeDocument = {
  paragraphs: Run[][];
  cursor: { paragraph: number; run: number } | null;
  selection: number[] | null;
  cursorRefuses?: boolean;
};

type FakeBlob = { fakeBlob: true; bytes: Uint8Array; contentType: string };

/** The size of a PNG from its header; other images count as the waveform's 1024×256. */
function imageSize(bytes: Uint8Array) {
  if (bytes.length > 24 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  return { width: 1024, height: 256 };
}

/**
 * A fake DocumentApp over a FakeDocument: the add-on's calls change the document as Docs
 * would, and each is recorded in `calls` with its arguments (blobs as `<blob …>`).
 */
export function createFakeDocumentApp(initial?: FakeDocument) {
  const document: FakeDocument = initial ?? { paragraphs: [[{ text: 'Dear team,' }]], cursor: { paragraph: 0, run: 1 }, selection: null };
  const calls: unknown[][] = [];
  const describeBlob = (blob: FakeBlob) => `<blob ${blob.contentType} ${blob.bytes.length} bytes>`;

  const bodyElement = { getType: () => 'BODY_SECTION', getParent: () => null };
  const paragraphElement = (index: number) => ({
    getType: () => 'PARAGRAPH',
    getParent: () => bodyElement,
    paragraphIndex: index,
    setLinkUrl(url: string) {
      calls.push(['Paragraph.setLinkUrl', url]);
      for (const run of document.paragraphs[index]!) if ('text' in run) run.link = url;
      return this;
    },
    appendInlineImage(blob: FakeBlob) {
      calls.push(['Paragraph.appendInlineImage', describeBlob(blob)]);
      const run: Run = { image: { bytes: blob.bytes, contentType: blob.contentType }, ...imageSize(blob.bytes) };
      document.paragraphs[index]!.push(run);
      return inlineImage(run);
    },
  });
  const textElement = (paragraph: number) => ({ getType: () => 'TEXT', getParent: () => paragraphElement(paragraph) });

  const inlineImage = (run: Extract<Run, { image: unknown }>) => ({
    getWidth: () => run.width,
    getHeight: () => run.height,
    setWidth(width: number) {
      calls.push(['InlineImage.setWidth', width]);
      run.width = width;
      return this;
    },
    setHeight(height: number) {
      calls.push(['InlineImage.setHeight', height]);
      run.height = height;
      return this;
    },
  });

  const cursor = () => {
    const at = document.cursor;
    if (!at) return null;
    return {
      insertText(text: string) {
        calls.push(['Position.insertText', text]);
        if (document.cursorRefuses) return null;
        const run: Run = { text };
        document.paragraphs[at.paragraph]!.splice(at.run, 0, run);
        return {
          setLinkUrl(url: string) {
            calls.push(['Text.setLinkUrl', url]);
            run.link = url;
            return this;
          },
        };
      },
      insertInlineImage(blob: FakeBlob) {
        calls.push(['Position.insertInlineImage', describeBlob(blob)]);
        const run: Run = { image: { bytes: blob.bytes, contentType: blob.contentType }, ...imageSize(blob.bytes) };
        document.paragraphs[at.paragraph]!.splice(at.run, 0, run);
        return inlineImage(run);
      },
    };
  };

  const body = {
    getNumChildren: () => document.paragraphs.length,
    getChildIndex: (element: { paragraphIndex: number }) => element.paragraphIndex,
    insertParagraph(index: number, text: string) {
      calls.push(['Body.insertParagraph', index, text]);
      document.paragraphs.splice(index, 0, [{ text }]);
      return paragraphElement(index);
    },
    appendParagraph(text: string) {
      calls.push(['Body.appendParagraph', text]);
      document.paragraphs.push([{ text }]);
      return paragraphElement(document.paragraphs.length - 1);
    },
  };

  const activeDocument = {
    getCursor: () => cursor(),
    getSelection: () =>
      document.selection
        ? { getRangeElements: () => document.selection!.map((paragraph) => ({ getElement: () => textElement(paragraph) })) }
        : null,
    getBody: () => body,
  };

  const ui = {
    createAddonMenu() {
      calls.push(['Ui.createAddonMenu']);
      const menu = {
        addItem(caption: string, functionName: string) {
          calls.push(['Menu.addItem', caption, functionName]);
          return menu;
        },
        addToUi() {
          calls.push(['Menu.addToUi']);
        },
      };
      return menu;
    },
    showSidebar(output: { title: string; getContent(): string }) {
      calls.push(['Ui.showSidebar', output.title]);
      sidebars.push(output.getContent());
    },
  };
  const sidebars: string[] = [];

  const service = {
    ElementType: { BODY_SECTION: 'BODY_SECTION', PARAGRAPH: 'PARAGRAPH', TEXT: 'TEXT' },
    getActiveDocument: () => activeDocument,
    getUi: () => ui,
  } as unknown as GoogleAppsScript.Document.DocumentApp;

  /** The document as HTML, for a harness page to show what Docs would. */
  const toHtml = () =>
    document.paragraphs
      .map(
        (runs) =>
          `<p>${runs
            .map((run) => {
              if ('image' in run) {
                const source = `data:${run.image.contentType};base64,${Buffer.from(run.image.bytes).toString('base64')}`;
                return `<img src="${source}" width="${run.width}" height="${run.height}" alt="">`;
              }
              const text = run.text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
              return run.link ? `<a href="${run.link.replace(/"/g, '&#34;')}">${text}</a>` : text;
            })
            .join('')}</p>`,
      )
      .join('');

  return { service, document, calls, sidebars, toHtml };
}
