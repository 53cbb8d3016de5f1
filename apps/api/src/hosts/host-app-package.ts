import { readdir, readFile, realpath } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import { strFromU8, strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Why a build yields no package, as the end of "The {host} app …": a missing build or file, or
 * one that would come from outside the build. Only this is answered to the caller (404).
 */
export class PackageProblem extends Error {}

/** One host's install package: which of its build's files go in, at the same paths. */
export interface PackageRecipe {
  /**
   * The files ("manifest.json") and folders ("app/", with every file under it) of the build
   * the package holds, each required. `readFilled` reads a text file of the build as it is
   * served (public URL filled in), for a list that depends on what the manifest names.
   */
  contents(readFilled: (path: string) => Promise<string>): Promise<string[]>;
  /** What the package is, after the host's name ("add-in package"), for the API reference. */
  what: string;
  /** Why the host would refuse a package naming `publicUrl` (answered 409), or null. */
  refusal?(publicUrl: URL): string | null;
  /** When `refusal` refuses, in a line for the API reference. */
  refusedWhen?: string;
  /** Which files under a folder of `contents` go in (all of them without it). */
  keeps?(path: string): boolean;
  /**
   * A text file of the package as made for the server at `publicUrl`, where the build names
   * the server it was built for rather than `%PUBLIC_URL%` (the Chrome extension's manifest:
   * an unpacked build must work as it is). Undefined keeps the file as served.
   */
  rewrite?(path: string, text: string, publicUrl: URL): string | undefined;
}

/** Reads files of one build, never one outside it (by `..`, an absolute path or a symbolic link). */
class BuildFolder {
  private constructor(private readonly root: string) {}

  static async open(folder: string): Promise<BuildFolder> {
    const root = await realpath(folder).catch(() => null);
    if (root === null) throw new PackageProblem('is not built on this server');
    return new BuildFolder(root);
  }

  async read(path: string): Promise<Buffer> {
    const inside = (file: string) => file.startsWith(this.root + sep);
    if (!inside(resolve(this.root, path))) throw new PackageProblem(`names ${path}, which is outside its build`);
    const file = await realpath(resolve(this.root, path)).catch(() => null);
    if (file === null) throw new PackageProblem(`has no ${path} in its build`);
    if (!inside(file)) throw new PackageProblem(`has ${path} pointing outside its build`);
    return readFile(file).catch(() => {
      throw new PackageProblem(`has no file ${path} in its build`);
    });
  }

  /** Every file under `folder` (dot files aside), relative to the build, with / separators. */
  async filesUnder(folder: string): Promise<string[]> {
    const entries = await readdir(resolve(this.root, folder), { withFileTypes: true }).catch(() => []);
    const files: string[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = posix.join(folder, entry.name);
      files.push(...(entry.isDirectory() ? await this.filesUnder(path) : [path]));
    }
    return files;
  }
}

/**
 * The zip of `recipe`'s files from the build in `buildFolder`, the files that name our public
 * URL (`namesPublicUrl`) filled by `fill` exactly as they are served. Throws PackageProblem
 * when the build or a file it needs is missing, or would be read from outside the build.
 */
export async function buildAppPackage(
  buildFolder: string,
  recipe: PackageRecipe,
  filling: { namesPublicUrl: (path: string) => boolean; fill: (text: string, path: string) => string; publicUrl: URL },
): Promise<Uint8Array> {
  const build = await BuildFolder.open(buildFolder);
  const readFilled = async (path: string) => filling.fill((await build.read(path)).toString('utf8'), path);

  const paths: string[] = [];
  for (const entry of await recipe.contents(readFilled)) {
    if (!entry.endsWith('/')) {
      paths.push(entry);
      continue;
    }
    const files = (await build.filesUnder(entry.slice(0, -1))).filter((path) => recipe.keeps?.(path) ?? true);
    if (files.length === 0) throw new PackageProblem(`has no ${entry} in its build`);
    paths.push(...files);
  }

  const zip: Zippable = {};
  for (const path of paths) {
    let bytes = filling.namesPublicUrl(path) ? strToU8(await readFilled(path)) : await build.read(path);
    const rewritten = recipe.rewrite?.(path, strFromU8(bytes), filling.publicUrl);
    if (rewritten !== undefined) bytes = strToU8(rewritten);
    // PNGs are compressed already; the rest is text.
    zip[path] = [bytes, { level: path.endsWith('.png') ? 0 : 6 }];
  }
  return zipSync(zip);
}
