import { describe, expect, it } from 'vitest';
import { withPublicUrl } from './public-url';

describe('withPublicUrl', () => {
  it('points default-install examples at the running server', () => {
    const body = 'Open http://localhost:3000/signup, then `vercel --api http://localhost:3000 deploy`.';
    expect(withPublicUrl(body, 'https://nimbus.example.com:8443/')).toBe(
      'Open https://nimbus.example.com:8443/signup, then `vercel --api https://nimbus.example.com:8443 deploy`.',
    );
  });

  it('leaves deployment hosts and other ports alone', () => {
    const body = 'my-site.localhost:3000 and http://localhost:30001 and http://127.0.0.1:3000/';
    expect(withPublicUrl(body, 'https://n.example')).toBe(
      'my-site.localhost:3000 and http://localhost:30001 and http://127.0.0.1:3000/',
    );
  });
});
