// What a page view is recorded with: device, browser and OS, referrer host, UTM, country, address.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, countryOf, parseAgent, referrerHost, utmOf } from './enrich';

const req = (headers: Record<string, string>, remoteAddress = '10.0.0.9') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { device: 'desktop', browser: 'Chrome', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { device: 'mobile', browser: 'Safari', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { device: 'tablet', browser: 'Safari', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { device: 'mobile', browser: 'Chrome', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { device: 'desktop', browser: 'Firefox', os: 'Linux' },
    ],
    ['something odd', { device: 'desktop', browser: 'Unknown', os: 'Unknown' }],
  ])('%s', (ua, expected) => {
    expect(parseAgent(ua)).toEqual(expected);
  });
});

describe('referrer', () => {
  it('keeps only the referring host, without www', () => {
    expect(referrerHost('https://www.google.com/search?q=nimbus', 'shop.localhost')).toBe('google.com');
    expect(referrerHost('https://news.ycombinator.com/item?id=1', 'shop.localhost')).toBe('news.ycombinator.com');
  });

  it('drops the page’s own host, empty and non-web referrers', () => {
    expect(referrerHost('https://shop.localhost/cart', 'shop.localhost')).toBeNull();
    expect(referrerHost('https://www.example.com/', 'example.com')).toBeNull();
    expect(referrerHost('', 'shop.localhost')).toBeNull();
    expect(referrerHost(undefined, 'shop.localhost')).toBeNull();
    expect(referrerHost('android-app://com.slack/', 'shop.localhost')).toBeNull();
    expect(referrerHost('not a url', 'shop.localhost')).toBeNull();
  });
});

describe('UTM parameters', () => {
  it('reads all five from the page URL, null when absent', () => {
    const url = new URL('https://shop.localhost/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&x=1');
    expect(utmOf(url.searchParams)).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'launch',
      utmContent: null,
      utmTerm: null,
    });
  });
});

describe('country and address', () => {
  it('reads a two-letter code from the configured header only', () => {
    expect(countryOf(req({ 'cf-ipcountry': 'de' }), 'cf-ipcountry')).toBe('DE');
    expect(countryOf(req({ 'cf-ipcountry': 'XX' }), 'cf-ipcountry')).toBeNull();
    expect(countryOf(req({ 'cf-ipcountry': 'Germany' }), 'cf-ipcountry')).toBeNull();
    expect(countryOf(req({ 'cf-ipcountry': 'DE' }), undefined)).toBeNull();
  });

  it('trusts X-Forwarded-For only behind a trusted proxy', () => {
    const r = req({ 'x-forwarded-for': '198.51.100.4, 10.0.0.1' });
    expect(clientAddress(r, true)).toBe('198.51.100.4');
    expect(clientAddress(r, false)).toBe('10.0.0.9');
  });
});
