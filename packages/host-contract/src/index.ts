export * from './host-adapter.ts';
export * from './share-text.ts';
export * from './fake-host-adapter.ts';
