'use client';
// "Log in with SAML SSO" (services/sso.ts): the team is found by the e-mail's verified domain, or is
// the team of /login/scope/{slug}. The start is asked first without following its redirect, so an
// address no team signs in gets the API's message here instead of a JSON page.
import { Button, TextField } from '@nimbus/ui';
import { useState } from 'react';

export function SsoLoginForm({ next, teamSlug }: { next: string | null; teamSlug?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(event: React.FormEvent) {
    event.preventDefault();
    const query = new URLSearchParams(teamSlug ? { slug: teamSlug } : { email: email.trim() });
    if (next) query.set('next', next);
    const url = `/api/auth/sso?${query}`;
    setBusy(true);
    setError(null);
    const res = await fetch(url, { redirect: 'manual' }).catch(() => null);
    if (res && (res.type === 'opaqueredirect' || res.status === 302)) return window.location.assign(url);
    const body = await res?.json().catch(() => null);
    setError(body?.error?.message ?? 'Single sign-on could not start. Try again.');
    setBusy(false);
  }

  return (
    <form
      onSubmit={start}
      className="flex flex-col gap-3 border-t border-border pt-4"
      aria-label="Log in with SAML SSO"
    >
      {!teamSlug && (
        <TextField
          label="Work address for SAML SSO"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
      )}
      {teamSlug && error && <p className="text-sm text-red-700">{error}</p>}
      <Button type="submit" loading={busy} disabled={!teamSlug && !email.trim()}>
        {teamSlug ? `Continue with SAML SSO for ${teamSlug}` : 'Continue with SAML SSO'}
      </Button>
    </form>
  );
}
