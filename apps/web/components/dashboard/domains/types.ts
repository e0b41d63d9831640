// The replies the domain views read, as the API sends them (packages/api/src/schemas/domains.ts).

export interface VerificationRecord {
  type: string;
  domain: string;
  value: string;
  reason: string;
}

export interface ProjectDomainJson {
  name: string;
  apexName: string;
  projectId: string;
  redirect: string | null;
  redirectStatusCode: number | null;
  verified: boolean;
  verification?: VerificationRecord[];
}

export interface DnsRecord {
  type: string;
  name: string;
  value: string;
}

export interface DomainConfigJson {
  configuredBy: 'A' | 'CNAME' | null;
  misconfigured: boolean;
  records: DnsRecord[];
  current: { a: string[]; aaaa: string[]; cname: string[]; error: string | null };
}

export type DomainStatus = 'Valid Configuration' | 'Invalid Configuration' | 'Verification Needed';

/** Ownership first (the TXT record), then whether the name points at Nimbus; null while the check runs. */
export function domainStatus(domain: { verified: boolean }, config: DomainConfigJson | undefined): DomainStatus | null {
  if (!domain.verified) return 'Verification Needed';
  if (!config) return null;
  return config.misconfigured ? 'Invalid Configuration' : 'Valid Configuration';
}
