import { BaseSequencer } from 'vitest/node';

/**
 * A sequencer that starts the named files first, in the order given, then the rest in Vitest's
 * own order. Vitest orders by the durations it cached on earlier runs, but CI runs a clean clone
 * with no cache: there it fell back to file size, and the three longest api files (minutes each)
 * started last, so the suite ended on one file while the other workers sat idle. Name a suite's
 * longest files here, longest first (measured, not guessed).
 *
 * @param {string[]} slowFiles paths relative to the package, e.g. 'test/security/fuzz-pglite.test.ts'
 */
export function slowFilesFirst(slowFiles) {
  const rank = (moduleId) => {
    const index = slowFiles.findIndex((file) => moduleId.replaceAll('\\', '/').endsWith(`/${file}`));
    return index === -1 ? slowFiles.length : index;
  };
  return class SlowFilesFirst extends BaseSequencer {
    async sort(files) {
      const sorted = await super.sort(files);
      // Array sort is stable: files outside the list keep Vitest's order.
      return sorted.sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
    }
  };
}
