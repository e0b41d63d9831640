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

// Slugs whose modal is on screen: a page the server refused already shows one, and the calls the
// page still makes (flags, data) are refused for the same reason; one modal per team is enough.
const shown = new Map<string, number>();

/** Whether a SAML sign-in modal for this team is already on screen. */
export function samlModalShown(teamSlug: string): boolean {
  return (shown.get(teamSlug) ?? 0) > 0;
}

export function SamlSignInModal({ teamSlug, onClose }: { teamSlug: string; onClose?: () => void }) {
  const [next, setNext] = useState(`/${teamSlug}`);
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    setNext(pathname + search + hash);
  }, []);
  useEffect(() => {
    shown.set(teamSlug, (shown.get(teamSlug) ?? 0) + 1);
    return () => {
      shown.set(teamSlug, (shown.get(teamSlug) ?? 1) - 1);
    };
  }, [teamSlug]);
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
