import { describe, expect, it } from 'vitest';
import { classify, hostname, isDeploymentHost, stripApiPrefix } from './dispatch';

describe('front server dispatch', () => {
  it.each([
    ['localhost:3000', '/', 'next'],
    ['localhost:3000', '/pricing', 'next'],
    ['localhost:3000', '/api/v2/user', 'api'],
    ['localhost:3000', '/api', 'api'],
    ['localhost:3000', '/v2/user', 'api'],
    ['localhost:3000', '/v13/deployments?x=1', 'api'],
    ['localhost:3000', '/teams/acme', 'api'],
    ['localhost:3000', '/teamster', 'next'],
    ['localhost:3000', '/vanilla', 'next'],
    ['localhost:3000', '/.well-known/nimbus/zones.json', 'zones'],
    ['my-site-k3j2h1.localhost:3000', '/api/v2/user', 'edge'],
    ['MY-SITE.LOCALHOST', '/', 'edge'],
    ['localhost.evil.com', '/', 'next'],
    ['localhost:3000', '/acme%00', 'invalid'],
    ['localhost:3000', '/acme/site/settings?tab=a%00b', 'invalid'],
    ['localhost:3000', '/new?teamSlug=%00', 'invalid'],
    ['localhost:3000', '/api/v9/projects/a%00', 'api'],
    ['my-site.localhost', '/a%00', 'edge'],
    ['127.0.0.1:3000', '/api/tls/ask?domain=my-site.localhost', 'tls-ask'],
    ['my-site.localhost', '/api/tls/ask?domain=x.localhost', 'edge'],
    ['localhost:3000', '/api/tls/asked', 'api'],
    ['localhost:3000', '/cli/nimbus.tgz', 'cli'],
    ['localhost:3000', '/cli/version?x=1', 'cli'],
    ['localhost:3000', '/cli', 'next'],
    ['localhost:3000', '/cli/nimbus.tgz.bak', 'next'],
    ['my-site.localhost', '/cli/nimbus.tgz', 'edge'],
  ])('%s %s → %s', (host, url, target) => {
    expect(classify(host, url, 'localhost')).toBe(target);
  });

  it.each([
    ['GET', { authorization: 'Bearer nmb_x' }, '/projects/prj_1/custom-environments', 'api'],
    ['GET', { accept: 'application/json' }, '/now/deployments/dpl_1/aliases', 'api'],
    ['DELETE', {}, '/projects/web', 'api'],
    ['POST', { 'content-type': 'application/json' }, '/anything', 'api'],
    ['GET', { accept: 'text/html,application/xhtml+xml,*/*' }, '/acme/web', 'next'],
    ['GET', { accept: 'application/json, text/html' }, '/acme/web', 'next'],
    ['HEAD', {}, '/acme', 'next'],
    ['POST', { 'next-action': 'abc', 'content-type': 'text/plain' }, '/contact', 'next'],
    ['POST', { 'content-type': 'multipart/form-data; boundary=x' }, '/contact', 'next'],
    ['GET', { accept: 'application/json' }, '/cli/version', 'cli'],
    ['GET', { authorization: 'Bearer nmb_x' }, '/cli/nimbus.tgz', 'cli'],
  ])(
    '%s with %o to %s → %s: API requests are told apart from pages whatever their path',
    (method, headers, url, target) => {
      expect(classify('localhost:3000', url, 'localhost', { method, headers })).toBe(target);
    },
  );

  it('strips /api so the API answers the same paths at the root', () => {
    expect(stripApiPrefix('/api/v2/user?teamId=1')).toBe('/v2/user?teamId=1');
    expect(stripApiPrefix('/api')).toBe('/');
    expect(stripApiPrefix('/api?x')).toBe('/?x');
  });

  it('reads host names without ports and only matches real subdomains', () => {
    expect(hostname('Site.Example.com:8080')).toBe('site.example.com');
    expect(hostname('[::1]:3000')).toBe('[::1]');
    expect(isDeploymentHost('localhost', 'localhost')).toBe(false);
    expect(isDeploymentHost('a.nimbus.app', 'nimbus.app')).toBe(true);
  });
});

describe('custom domains at the front server', () => {
  it.each([
    ['www.example.com', 'edge'],
    ['Example.COM:3000', 'edge'],
    ['nimbus.example.org', 'next'],
    ['localhost:3000', 'next'],
    ['127.0.0.1:3000', 'next'],
    ['[::1]:3000', 'next'],
    ['my-site.localhost', 'edge'],
  ])('%s → %s', (host, target) => {
    expect(classify(host, '/', 'localhost', {}, 'nimbus.example.org')).toBe(target);
  });

  it('sends API paths on a custom domain to the edge too: the domain is the user site', () => {
    expect(classify('www.example.com', '/v2/user', 'localhost', {}, 'nimbus.example.org')).toBe('edge');
  });
});
