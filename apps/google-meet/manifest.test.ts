// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDE_PANEL_PATH } from './src/shared/addon-urls.ts';

const appFolder = import.meta.dirname;
const read = (path: string) => readFileSync(join(appFolder, path), 'utf8');
const source = read('public/manifest.json');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Deployment = {
  addOns: {
    common: { name: string; logoUrl: string; [key: string]: Json };
    meet: { web: { sidePanelUrl: string; addOnOrigins: string[]; logoUrl: string; [key: string]: Json }; [key: string]: Json };
    [key: string]: Json;
  };
  [key: string]: Json;
};

/** What the server does as it serves manifest.json (apps/api host-app-routes), then the one edit the README asks for. */
const fill = (text: string, publicUrl: string) =>
  text.replaceAll('%PUBLIC_URL%', publicUrl).replaceAll('%PUBLIC_HOST%', new URL(publicUrl).host);
const deployed = (publicUrl: string, projectNumber = '123456789012') =>
  JSON.parse(fill(source, publicUrl).replace('CLOUD_PROJECT_NUMBER', projectNumber)) as Deployment;

/** Our JSON Schema (written from Google's manifest references), read as a zod schema: no network, no other validator. */
const schema = z.fromJSONSchema(JSON.parse(read('schema/meet-deployment.schema.json')) as Parameters<typeof z.fromJSONSchema>[0]);
const problems = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

function strings(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the Meet add-on’s deployment manifest', () => {
  beforeEach(() => {
    // Offline: everything here reads files in the repo; a lookup on the network would fail.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('No network in tests')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('validates against our schema once deployed', () => {
    expect(problems(deployed('https://vocal.example.com'))).toEqual([]);
    expect(problems(deployed('https://vocal.example.com:8443'))).toEqual([]);
  });

  it('is really checked: each broken deployment fails', () => {
    const broken: [string, (deployment: Deployment) => void][] = [
      ['no side panel', (deployment) => delete (deployment.addOns.meet.web as Partial<Deployment['addOns']['meet']['web']>).sidePanelUrl],
      ['a side panel over plain http', (deployment) => (deployment.addOns.meet.web.sidePanelUrl = 'http://vocal.example.com/addons/meet')],
      ['an origin with a path', (deployment) => (deployment.addOns.meet.web.addOnOrigins = ['https://vocal.example.com/addons'])],
      ['no origins', (deployment) => (deployment.addOns.meet.web.addOnOrigins = [])],
      ['the deprecated sidePanelUri', (deployment) => (deployment.addOns.meet.web.sidePanelUri = 'https://vocal.example.com/addons/meet')],
      ['the deprecated mainStageUri', (deployment) => (deployment.addOns.meet.web.mainStageUri = 'https://vocal.example.com/x')],
      ['no screen-sharing answer', (deployment) => delete deployment.addOns.meet.web.supportsScreenSharing],
      ['no logo', (deployment) => delete (deployment.addOns.common as Partial<Deployment['addOns']['common']>).logoUrl],
      ['an unknown key', (deployment) => (deployment.addOns.meet.webb = {})],
    ];
    for (const [name, breakIt] of broken) {
      const deployment = deployed('https://vocal.example.com');
      breakIt(deployment);
      expect(problems(deployment), name).not.toEqual([]);
    }
  });

  it('names every address through %PUBLIC_URL%, and its origin is the one Meet lets frame our pages', () => {
    const template = JSON.parse(source) as Json;
    const urls = strings(template).filter((value) => value.includes('://') || value.includes('%'));
    expect(urls.every((url) => url.startsWith('%PUBLIC_URL%'))).toBe(true);
    const deployment = deployed('https://vocal.example.com');
    expect(JSON.stringify(deployment)).not.toContain('%');
    const web = deployment.addOns.meet.web;
    expect(web.addOnOrigins).toEqual(['https://vocal.example.com']);
    // The side panel is /addons/meet on that origin, with the project number Meet's SDK needs.
    const sidePanel = new URL(web.sidePanelUrl);
    expect(sidePanel.origin).toBe('https://vocal.example.com');
    expect(sidePanel.pathname).toBe(SIDE_PANEL_PATH);
    expect(sidePanel.searchParams.get('project')).toBe('123456789012');
  });

  it('names a logo the build holds: a square PNG', () => {
    const deployment = deployed('https://vocal.example.com');
    for (const url of [deployment.addOns.common.logoUrl, deployment.addOns.meet.web.logoUrl]) {
      const path = new URL(url).pathname;
      expect(path.startsWith('/hosts/google-meet/')).toBe(true);
      const bytes = readFileSync(join(appFolder, 'public', path.slice('/hosts/google-meet/'.length)));
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
    }
  });

  it('leaves the project number for the deployment to fill', () => {
    expect(JSON.parse(fill(source, 'https://vocal.example.com')).addOns.meet.web.sidePanelUrl).toBe(
      'https://vocal.example.com/addons/meet?project=CLOUD_PROJECT_NUMBER',
    );
  });
});
