export declare const hostSdks: ReadonlyArray<{ app: string; modules: string[]; globals: string[] }>;
export declare const gardenFolder: string;
