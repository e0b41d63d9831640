import { describe, expect, it } from 'vitest';
import { PROTECTION_DEPLOYMENT_TYPES, protectionCovers } from './protection';

const preview = { production: false, ownUrl: true, customDomain: false };
const productionHost = { production: true, ownUrl: false, customDomain: false };
const productionOwnUrl = { production: true, ownUrl: true, customDomain: false };
const customDomain = { production: true, ownUrl: false, customDomain: true };

describe('protectionCovers', () => {
  it('covers every preview, whatever the scope', () => {
    for (const type of PROTECTION_DEPLOYMENT_TYPES) expect(protectionCovers(type, preview)).toBe(true);
  });

  it('leaves production public as each scope says', () => {
    expect(protectionCovers('preview', productionHost)).toBe(false);
    expect(protectionCovers('preview', customDomain)).toBe(false);
    expect(protectionCovers('prod_deployment_urls_and_all_previews', productionHost)).toBe(false);
    expect(protectionCovers('prod_deployment_urls_and_all_previews', productionOwnUrl)).toBe(true);
    expect(protectionCovers('all', productionHost)).toBe(true);
    expect(protectionCovers('all', customDomain)).toBe(true);
  });

  it('keeps only custom domains public with all_except_custom_domains', () => {
    expect(protectionCovers('all_except_custom_domains', productionHost)).toBe(true);
    expect(protectionCovers('all_except_custom_domains', productionOwnUrl)).toBe(true);
    expect(protectionCovers('all_except_custom_domains', customDomain)).toBe(false);
  });
});
