'use client';
// The team's SAML single sign-on (owners): what to give the identity provider, its metadata (pasted
// or by URL), the e-mail domain and its TXT proof, the role of people who join through SSO, and
// enforcement. Each action is one call to /v1/teams/{id}/saml (services/sso-settings.ts).
import type { ssoSettings } from '@nimbus/api';
import { Badge, Button, Card, CopyButton, Notice, Select, TextField } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { useSubmit } from '../use-submit';

type Settings = Awaited<ReturnType<typeof ssoSettings.get>>;
const ROLES = ['MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER'] as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="w-40 shrink-0 text-muted">{label}</span>
      <code className="min-w-0 flex-1 truncate">{value}</code>
      <CopyButton value={value} size="small" label={`Copy ${label}`} />
    </div>
  );
}

export function SamlSettings({ teamId, settings }: { teamId: string; settings: Settings }) {
  const router = useRouter();
  const { saving, error, run } = useSubmit();
  const [metadata, setMetadata] = useState('');
  const [domain, setDomain] = useState(settings.domain ?? '');
  const path = `/v1/teams/${teamId}/saml`;
  const call = (method: string, suffix: string, body?: unknown) =>
    run(async () => {
      await api()(`${path}${suffix}`, { method, body });
      router.refresh();
    });
  const saveIdp = (event: React.FormEvent) => {
    event.preventDefault();
    const value = metadata.trim();
    void call('PUT', '/idp', /^https?:\/\//i.test(value) ? { metadataUrl: value } : { metadataXml: value });
  };
  const sp = settings.serviceProvider;

  return (
    <Card
      id="saml"
      title="SAML Single Sign-On"
      description="Let your identity provider (Okta, Microsoft Entra ID, Google Workspace…) sign people of your e-mail domain in to this team."
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <Row label="ACS URL" value={sp.acsUrl} />
          <Row label="Entity ID / metadata" value={sp.metadataUrl} />
        </div>
        {settings.identityProvider && (
          <div className="flex flex-col gap-1 text-sm" data-testid="saml-idp">
            <span>
              Identity provider <code>{settings.identityProvider.entityId}</code>
            </span>
            <span className="text-muted">Certificate SHA-256 {settings.identityProvider.certificateFingerprint}</span>
          </div>
        )}
        <form onSubmit={saveIdp} className="flex items-end gap-2">
          <TextField
            label={settings.configured ? 'Replace the IdP metadata (URL or XML)' : 'IdP metadata (URL or XML)'}
            className="flex-1"
            value={metadata}
            onChange={(e) => setMetadata(e.target.value)}
            placeholder="https://idp.example.com/metadata or <EntityDescriptor …>"
          />
          <Button type="submit" size="small" loading={saving} disabled={!metadata.trim()}>
            Save IdP
          </Button>
        </form>
        {settings.configured && (
          <>
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void call('PATCH', '', { domain: domain.trim() || null });
              }}
            >
              <TextField
                label="E-mail domain"
                className="flex-1"
                value={domain}
                onChange={(e) => setDomain(e.target.value)}
                placeholder="example.com"
              />
              <Button type="submit" size="small" disabled={domain.trim() === (settings.domain ?? '')}>
                Save domain
              </Button>
            </form>
            {settings.verificationRecord && (
              <div className="flex flex-col gap-1">
                <span className="text-sm">
                  Domain{' '}
                  {settings.domainVerified ? (
                    <Badge tone="green">Verified</Badge>
                  ) : (
                    <Badge tone="amber">Not verified</Badge>
                  )}
                </span>
                {!settings.domainVerified && (
                  <>
                    <Row label="TXT name" value={settings.verificationRecord.name} />
                    <Row label="TXT value" value={settings.verificationRecord.value} />
                    <Button size="small" className="self-start" onClick={() => void call('POST', '/verify')}>
                      Verify domain
                    </Button>
                  </>
                )}
              </div>
            )}
            <div className="flex items-end gap-4">
              <Select
                aria-label="Role of people who join through SSO"
                value={settings.defaultRole}
                onChange={(e) => void call('PATCH', '', { defaultRole: e.target.value })}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    Join as {role.toLowerCase()}
                  </option>
                ))}
              </Select>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={settings.enforced}
                  disabled={!settings.domainVerified}
                  onChange={(e) => void call('PATCH', '', { enforced: e.target.checked })}
                />
                Require SAML for members (owners may still use their password)
              </label>
            </div>
            <Button variant="danger" size="small" className="self-start" onClick={() => void call('DELETE', '')}>
              Remove single sign-on
            </Button>
          </>
        )}
        {error && <Notice tone="error">{error}</Notice>}
      </div>
    </Card>
  );
}
