'use client';
// The SAML sign-in modal (docs/spec.md §8): shown when the API says the team in use needs a recent
// SAML sign-in (`saml: true` with that team's slug). Its button starts /api/auth/sso for the team and
// comes back to this page. Shown by the team layouts when the server refuses the page, and by
// SamlRequiredListener when a call from the page is refused.
import { buttonClass, Modal } from '@nimbus/ui';
import { useEffect, useState } from 'react';

export function ssoStartUrl(teamSlug: string, next: string): string {
  return `/api/auth/sso?${new URLSearchParams({ slug: teamSlug, next })}`;
}

export function SamlSignInModal({ teamSlug, onClose }: { teamSlug: string; onClose?: () => void }) {
  const [next, setNext] = useState(`/${teamSlug}`);
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    setNext(pathname + search + hash);
  }, []);
  return (
    <Modal
      open
      onClose={onClose ?? (() => window.location.assign('/'))}
      title="Log in with SAML Single Sign-On"
      description={`Team ${teamSlug} requires you to log in through its identity provider to continue.`}
      footer={
        <a className={buttonClass({ variant: 'primary', size: 'small' })} href={ssoStartUrl(teamSlug, next)}>
          Continue with SAML SSO
        </a>
      }
    />
  );
}
