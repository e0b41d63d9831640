'use client';
// /two-factor-required's setup: the same steps as the account page, then on to the page the member wanted.
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorRequiredSetup({ next }: { next: string }) {
  return (
    <TwoFactorSetup
      doneLabel="Continue"
      onDone={() => {
        // A full load: every cached page of the team was refused before two-factor was on.
        window.location.assign(next);
      }}
    />
  );
}
