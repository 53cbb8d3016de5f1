import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * What keeps the server's dependencies current (docs/decisions/0045-dependency-updates.md):
 * nodemailer on the major line that still gets security fixes, and Renovate proposing the
 * pnpm catalog's updates (minor and patch grouped, majors one at a time, security at once).
 */
const repoRoot = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const catalog = z.object({ catalog: z.record(z.string(), z.string()) }).parse(parse(read('pnpm-workspace.yaml'))).catalog;
const major = (version: string) => Number(/^(\d+)\./.exec(version)?.[1]);

describe('dependency updates', () => {
  it('pins nodemailer on its current major, 10 (6.x has published advisories and gets no fixes), as installed', () => {
    expect(major(catalog.nodemailer!)).toBeGreaterThanOrEqual(10);
    const installed = createRequire(import.meta.url)('nodemailer/package.json') as { version: string };
    expect(installed.version).toBe(catalog.nodemailer);
    // nodemailer 10 ships its own types; the DefinitelyTyped ones describe 6.x.
    expect(catalog['@types/nodemailer']).toBeUndefined();
  });

  it('has Renovate group the catalog: minor and patch together, majors one by one, security updates at once', () => {
    const rule = z.object({
      matchDepTypes: z.array(z.string()).optional(),
      matchUpdateTypes: z.array(z.string()).optional(),
      groupName: z.string().optional(),
    });
    const config = z
      .object({
        extends: z.array(z.string()),
        schedule: z.array(z.string()),
        packageRules: z.array(rule.passthrough()),
        vulnerabilityAlerts: z
          .object({ enabled: z.boolean(), schedule: z.array(z.string()), minimumReleaseAge: z.null(), prCreation: z.string() })
          .passthrough(),
      })
      .passthrough()
      .parse(JSON.parse(read('renovate.json')));
    const catalogRules = config.packageRules.filter((entry) => entry.matchDepTypes?.includes('pnpm.catalog.default'));
    const minorPatch = catalogRules.find((entry) => entry.matchUpdateTypes?.includes('minor'));
    expect(minorPatch?.matchUpdateTypes?.toSorted()).toEqual(['minor', 'patch']);
    expect(minorPatch?.groupName).toBeTruthy();
    const majors = catalogRules.filter((entry) => entry.matchUpdateTypes?.includes('major'));
    expect(majors.length).toBeGreaterThan(0);
    // No group: Renovate opens one pull request per package for a major.
    expect(majors.every((entry) => entry.groupName === undefined)).toBe(true);
    expect(config.vulnerabilityAlerts).toMatchObject({
      enabled: true,
      schedule: ['at any time'],
      minimumReleaseAge: null,
      prCreation: 'immediate',
    });
    expect(config.vulnerabilityAlerts.groupName).toBeUndefined();
  });
});
