import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { isProductHost, productHostsOf } from './product-hosts.ts';

describe('product hosts', () => {
  it('default to the public URL’s host and the loopback names on any port', () => {
    const hosts = productHostsOf({ publicUrl: 'https://Vocal.Example.com', productHosts: null });
    expect(hosts).toEqual(['vocal.example.com', 'localhost', '127.0.0.1', '[::1]']);
    for (const host of ['vocal.example.com', 'VOCAL.example.com:443', 'localhost:3000', '127.0.0.1', '[::1]:8080']) {
      expect(isProductHost(host, hosts), host).toBe(true);
    }
    for (const host of ['voice.customer.com', 'example.com', 'vocal.example.com.evil.com', 'localhost.evil.com']) {
      expect(isProductHost(host, hosts), host).toBe(false);
    }
  });

  it('a public URL with a port is that port only (besides the loopback names)', () => {
    const hosts = productHostsOf({ publicUrl: 'http://vocal.lan:8080', productHosts: null });
    expect(isProductHost('vocal.lan:8080', hosts)).toBe(true);
    expect(isProductHost('vocal.lan:9090', hosts)).toBe(false);
  });

  it('PRODUCT_HOSTS replaces the default: a comma-separated list of host or host:port', () => {
    const config = loadConfig({ PRODUCT_HOSTS: ' App.Vocal.io, vocal.io:8443 ,api.vocal.io' });
    expect(config.productHosts).toEqual(['app.vocal.io', 'vocal.io:8443', 'api.vocal.io']);
    const hosts = productHostsOf(config);
    expect(isProductHost('app.vocal.io:3000', hosts)).toBe(true);
    expect(isProductHost('vocal.io:8443', hosts)).toBe(true);
    expect(isProductHost('vocal.io', hosts)).toBe(false);
    expect(isProductHost('localhost', hosts)).toBe(false);
    expect(() => loadConfig({ PRODUCT_HOSTS: 'https://vocal.io/' })).toThrow(/PRODUCT_HOSTS.0: each host must be a host name or host:port/);
  });

  it('mail settings: SMTP_URL must be smtp:// or smtps://; MAIL_FROM is optional', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: null, confirmAddresses: false });
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example.com:465', MAIL_FROM: 'Team <team@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      from: 'Team <team@example.com>',
      // Mail reaches people now: new addresses are confirmed before anything else is sent (EMAIL_CONFIRMATION=auto).
      confirmAddresses: true,
    });
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(loadConfig({}).visitorRateLimit).toBe(10);
  });
});
