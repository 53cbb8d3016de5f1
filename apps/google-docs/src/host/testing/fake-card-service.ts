/** A builder call a fake recorded: the method's name and its arguments. */
export type RecordedCall = [method: string, ...args: unknown[]];

/** What a fake builder's build() hands back: what was built and every call that made it. */
export type Built = { built: string; calls: RecordedCall[] };

/** A builder of CardService (CardBuilder, TextButton, OpenLink…) that records each call and returns itself; build() freezes it. */
export type FakeBuilder = { readonly kind: string; readonly calls: RecordedCall[] };

const isFakeBuilder = (value: unknown): value is FakeBuilder =>
  typeof value === 'object' && value !== null && 'kind' in value && 'calls' in value;

/** A recorded value with every nested builder turned into its kind and calls, for exact assertions. */
export function snapshot(value: unknown): unknown {
  if (isFakeBuilder(value)) return { [value.kind]: value.calls.map(([method, ...args]) => [method, ...args.map(snapshot)]) };
  if (Array.isArray(value)) return value.map(snapshot);
  if (value && typeof value === 'object' && 'built' in value) {
    const built = value as Built;
    return { [built.built]: built.calls.map(([method, ...args]) => [method, ...args.map(snapshot)]) };
  }
  return value;
}

function fakeBuilder(kind: string): FakeBuilder {
  const calls: RecordedCall[] = [];
  const self: FakeBuilder = new Proxy(
    { kind, calls },
    {
      get(object, property) {
        if (property === 'kind' || property === 'calls') return object[property];
        if (typeof property !== 'string' || property === 'then') return undefined;
        if (property === 'build') return (): Built => ({ built: kind.replace(/Builder$/, ''), calls: [...calls] });
        return (...args: unknown[]) => {
          calls.push([property, ...args]);
          return self;
        };
      },
    },
  );
  return self;
}

/** An enum of CardService: each value is its own name, so a recorded call reads as the real one. */
const enumOf = <const K extends string>(...names: K[]) => Object.fromEntries(names.map((name) => [name, name])) as Record<K, K>;

/**
 * A fake CardService: `newX()` gives a recording builder named X, enums are their names.
 * Only what the add-on calls is meaningful; the type is the real one, so a misspelt or
 * missing method fails the typecheck of the add-on, not silently here.
 */
export function createFakeCardService(): GoogleAppsScript.Card_Service.CardService {
  const enums = {
    OnClose: enumOf('NOTHING', 'RELOAD', 'RELOAD_ADD_ON'),
    OpenAs: enumOf('FULL_SIZE', 'OVERLAY'),
    ContentType: enumOf('TEXT', 'MUTABLE_HTML', 'IMMUTABLE_HTML'),
    UpdateDraftBodyType: enumOf('IN_PLACE_INSERT', 'INSERT_AT_START', 'INSERT_AT_END'),
    TextButtonStyle: enumOf('OUTLINED', 'TEXT', 'FILLED', 'FILLED_TONAL', 'BORDERLESS'),
  };
  return new Proxy(enums, {
    get(object, property) {
      if (typeof property === 'string' && property in object) return object[property as keyof typeof enums];
      if (typeof property === 'string' && property.startsWith('new')) return () => fakeBuilder(property.slice(3));
      return undefined;
    },
  }) as unknown as GoogleAppsScript.Card_Service.CardService;
}
