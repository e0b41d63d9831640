// Claims the public site must not make: each entry is a feature Nimbus does not have, with the
// phrases that would promise it. The public-site test reads every content file and public page
// source against this list, and the public-routes journey reads every rendered public page.
// When a feature ships (users can find it and use it), delete its entry in the same change.

export interface UnavailableFeature {
  feature: string;
  /** Phrases that promise the feature; a mention that says it is missing must not match. */
  claims: readonly RegExp[];
}

export const UNAVAILABLE_FEATURES: readonly UnavailableFeature[] = [
  { feature: 'a web application firewall', claims: [/WAF is available/i, /Firewall\W{0,3}\s+tab/i] },
  {
    feature: 'feature flags with a toolbar',
    claims: [/Flags\W{0,3}\s+tab/i, /flags are available/i, /\b(Nimbus )?toolbar\b/i],
  },
  {
    feature: 'Conformance findings in the build log',
    claims: [/Conformance\W{0,3}\s+section/i, /Conformance is (on|in beta|available)/i],
  },
  {
    feature: 'remote image optimization and external rewrites',
    claims: [
      /optimi[sz]es? remote images/i,
      /remote images (are|get) (optimi[sz]ed|resized)/i,
      /external rewrites (are (supported|proxied)|work)/i,
    ],
  },
  {
    feature: 'the nimbus CLI on the npm registry (that name is an unrelated package; servers hand out their own)',
    claims: [/npx\s+nimbus\b/i, /npm\s+(install|i)\s+(-g\s+|--global\s+)?nimbus(?![-\w./])/i],
  },
  {
    feature: 'anything announced as shipped that is not',
    claims: [/available today/i, /today we are (launching|introducing)/i, /in beta today/i],
  },
];

/** Every claim of an unavailable feature in `text`, as "feature: matched phrase". */
export function unavailableClaims(text: string): string[] {
  const found: string[] = [];
  for (const { feature, claims } of UNAVAILABLE_FEATURES)
    for (const claim of claims) {
      const match = claim.exec(text);
      if (match) found.push(`${feature}: "${match[0]}"`);
    }
  return found;
}
