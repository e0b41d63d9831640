'use client';
// Opens the SAML sign-in modal when a call of this page was refused for want of a SAML sign-in
// (components/dashboard/api.ts raises the event), unless the page already shows one for that team.
import { useEffect, useState } from 'react';
import { SAML_REQUIRED_EVENT } from '../api';
import { SamlSignInModal, samlModalShown } from '../auth/saml-sign-in-modal';

export function SamlRequiredListener() {
  const [teamSlug, setTeamSlug] = useState<string | null>(null);
  useEffect(() => {
    const open = (event: Event) => {
      const slug = (event as CustomEvent<string>).detail;
      if (!samlModalShown(slug)) setTeamSlug(slug);
    };
    window.addEventListener(SAML_REQUIRED_EVENT, open);
    return () => window.removeEventListener(SAML_REQUIRED_EVENT, open);
  }, []);
  return teamSlug ? <SamlSignInModal teamSlug={teamSlug} onClose={() => setTeamSlug(null)} /> : null;
}
