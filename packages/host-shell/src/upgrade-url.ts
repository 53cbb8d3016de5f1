/** The web app's upgrade page, on the same origin as the host app (both are served by our server). */
export const upgradeUrl = (base: string) => new URL('/upgrade', base).href;
