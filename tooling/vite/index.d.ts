import type { BuildEnvironmentOptions, Plugin, UserConfig } from 'vite';

export type HostAppOptions = Omit<UserConfig, 'plugins' | 'build' | 'server'> & {
  /** Where the server hosts the build: './' (relative URLs) unless the host needs a fixed path. */
  base?: string;
  /** The dev server's port; none for an app without one (the Chrome extension). */
  port?: number;
  /** The build's pages: entry name to page file. */
  pages: Record<string, string>;
  /** Tags every page of the app carries in its head (its host's SDK, its icon), before each page's own. */
  head?: string[];
  /** The host's own plugins, after React and the page shell. */
  plugins?: Plugin[];
  build?: BuildEnvironmentOptions;
};

export declare function hostAppConfig(options: HostAppOptions): UserConfig;
export declare function pageShell(head?: string[]): Plugin;
export declare function documentOf(page: string, appHead?: string[]): string;
