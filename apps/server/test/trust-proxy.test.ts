import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { fastifyTrustProxy, loadConfig } from '../src/config.js';

// Issue 20 §1: X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: none).

function trustProxyOf(value: string | undefined) {
  return loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
}

/** The client address a bare Fastify with TRUST_PROXY=`value` sees for a request through `forwardedFor` from 127.0.0.1. */
async function clientAddress(value: string | undefined, forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxyOf(value)) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  const res = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return res.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('is off by default and reads true, a hop count or a list of addresses, CIDRs and range names', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes please', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', '1.5']) {
      let error: unknown;
      try {
        trustProxyOf(bad);
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]?.path).toEqual(['TRUST_PROXY']);
    }
  });

  it('gives the socket address unless the proxy is trusted, and the forwarded one behind a trusted proxy', async () => {
    expect(await clientAddress(undefined, '203.0.113.7')).toBe('127.0.0.1');
    expect(await clientAddress('10.1.1.1', '203.0.113.7')).toBe('127.0.0.1');
    expect(await clientAddress('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('loopback', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('true', '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    // One hop: only the nearest proxy is believed, so an address the client wrote further left is not.
    expect(await clientAddress('1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('2', '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });
});
