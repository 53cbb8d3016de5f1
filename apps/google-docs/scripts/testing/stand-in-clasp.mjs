#!/usr/bin/env node
/*
 * A stand-in for Google's clasp CLI (@google/clasp 3.4), for the install test: it does to the
 * local folder exactly what clasp does, and keeps "Google's side" (the script projects) as JSON
 * files in $STAND_IN_CLASP_REMOTE instead of calling the Apps Script API.
 *
 * What clasp's source does, and this does too:
 * - `create` (create-script.ts): refuses when a .clasp.json is found in the folder or above it;
 *   creates the project (Apps Script API projects.create: "a new, empty script project with no
 *   script files and a base manifest file"), pulls the project's files into --rootDir, writing
 *   over files of the same name (files.ts WriteFiles opens with O_TRUNC), and writes .clasp.json
 *   (scriptId, rootDir relative to it).
 * - `push` (files.ts push): finds .clasp.json upward, collects every file under srcDir || rootDir
 *   that the default ignore rules keep (appsscript.json, *.gs, *.js, *.ts, *.html; not .git/ or
 *   node_modules/), refuses two script files with one name (Code.gs beside Code.js), and uploads
 *   them all as the project's whole content (projects.updateContent), which the API refuses
 *   without exactly one manifest.
 * - `login` only prints (no credentials here).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';

const remote = process.env.STAND_IN_CLASP_REMOTE;
if (!remote) fail('STAND_IN_CLASP_REMOTE is not set');

/** The manifest Apps Script gives a new project (the time zone is the account's). */
const BASE_MANIFEST = { timeZone: 'America/New_York', dependencies: {}, exceptionLogging: 'STACKDRIVER', runtimeVersion: 'V8' };

function fail(message) {
  console.error(message);
  process.exit(1);
}

function option(args, name) {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function findProject(from) {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const file = join(dir, '.clasp.json');
    if (existsSync(file)) return { file, root: dir, settings: JSON.parse(readFileSync(file, 'utf8')) };
    if (dirname(dir) === dir) return null;
  }
}

const projectFile = (scriptId) => join(remote, `${scriptId}.json`);
const remoteName = { JSON: '.json', SERVER_JS: '.js', HTML: '.html' };

function create(args) {
  if (findProject(process.cwd())) fail('Project file already exists.');
  const type = (option(args, '--type') ?? 'standalone').toLowerCase();
  if (!['standalone', 'webapp', 'api'].includes(type)) fail(`Only standalone scripts are played here, not ${type}`);
  const contentDir = resolve(process.cwd(), option(args, '--rootDir') ?? '.');
  const scriptId = randomBytes(20).toString('base64url');
  const content = {
    scriptId,
    title: option(args, '--title') ?? basename(process.cwd()),
    files: [{ name: 'appsscript', type: 'JSON', source: JSON.stringify(BASE_MANIFEST, null, 2) }],
  };
  mkdirSync(remote, { recursive: true });
  writeFileSync(projectFile(scriptId), JSON.stringify(content, null, 2));
  console.log(`Created new script: https://script.google.com/d/${scriptId}/edit`);
  // Pull: every file of the new project into the content folder, over what is there.
  mkdirSync(contentDir, { recursive: true });
  for (const file of content.files) {
    const path = join(contentDir, `${file.name}${remoteName[file.type]}`);
    writeFileSync(path, file.source);
    console.log(`└─ ${relative(process.cwd(), path)}`);
  }
  const settings = {
    scriptId,
    rootDir: relative(process.cwd(), contentDir),
    scriptExtensions: ['.js', '.gs'],
    htmlExtensions: ['.html'],
    jsonExtensions: ['.json'],
    filePushOrder: [],
    skipSubdirectories: false,
  };
  writeFileSync(join(process.cwd(), '.clasp.json'), JSON.stringify(settings, null, 2));
}

function localFiles(dir, root = dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (rel.split(sep)[0] === '.git' || rel.split(sep)[0] === 'node_modules') continue;
    if (statSync(path).isDirectory()) found.push(...localFiles(path, root));
    else found.push(rel);
  }
  return found;
}

function fileType(path) {
  const extension = extname(path).toLowerCase();
  if (['.js', '.gs', '.ts'].includes(extension)) return 'SERVER_JS';
  if (extension === '.html') return 'HTML';
  if (extension === '.json' && basename(path, extname(path)) === 'appsscript') return 'JSON';
  return null;
}

function push() {
  const project = findProject(process.cwd());
  if (!project) fail('Project settings not found.');
  const { scriptId } = project.settings;
  if (!scriptId || !existsSync(projectFile(scriptId))) fail(`No script ${scriptId} on the Apps Script side`);
  const contentDir = resolve(project.root, project.settings.srcDir || project.settings.rootDir || '.');
  const files = [];
  const names = new Set();
  for (const path of localFiles(contentDir)) {
    const type = fileType(path);
    if (!type) continue;
    const name = path.slice(0, -extname(path).length).split(sep).join('/');
    if (type === 'SERVER_JS' && names.has(name)) fail(`Conflicting files found: ${name}`);
    names.add(name);
    files.push({ name, type, source: readFileSync(join(contentDir, path), 'utf8') });
  }
  if (files.filter((file) => file.type === 'JSON').length !== 1) fail('Project contents must include a manifest file named appsscript.');
  const content = JSON.parse(readFileSync(projectFile(scriptId), 'utf8'));
  writeFileSync(projectFile(scriptId), JSON.stringify({ ...content, files }, null, 2));
  for (const file of files) console.log(`└─ ${file.name}`);
  console.log(`Pushed ${files.length} files.`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'login') console.log('(stand-in clasp: no sign-in needed)');
else if (command === 'create' || command === 'create-script') create(args);
else if (command === 'push') push();
else fail(`The stand-in clasp plays login, create and push, not ${command}`);
