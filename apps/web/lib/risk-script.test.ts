import { describe, expect, it } from 'vitest';
import { isProductionHost } from './risk-script';

describe('isProductionHost', () => {
  it('is the public URL host and port only', () => {
    expect(isProductionHost('nimbus.example.com', 'https://nimbus.example.com')).toBe(true);
    expect(isProductionHost('nimbus.example.com:443', 'https://nimbus.example.com')).toBe(true);
    expect(isProductionHost('NIMBUS.example.com', 'https://nimbus.example.com')).toBe(true);
    expect(isProductionHost('localhost:3000', 'http://localhost:3000')).toBe(true);
    // Previews, deployments, other names and ports are not the production host.
    expect(isProductionHost('preview.nimbus.example.com', 'https://nimbus.example.com')).toBe(false);
    expect(isProductionHost('my-app.localhost:3000', 'http://localhost:3000')).toBe(false);
    expect(isProductionHost('127.0.0.1:3000', 'http://localhost:3000')).toBe(false);
    expect(isProductionHost('localhost:3001', 'http://localhost:3000')).toBe(false);
    expect(isProductionHost(null, 'http://localhost:3000')).toBe(false);
  });
});
