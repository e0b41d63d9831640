'use client';
// "Cookie preferences": opens the consent banner again so the visitor can change their choice. A
// button, not a link: it navigates nowhere.
import { openConsentPreferences } from '@/lib/consent';

export function CookiePreferencesButton({ className }: { className?: string }) {
  return (
    <button type="button" onClick={openConsentPreferences} className={className}>
      Cookie preferences
    </button>
  );
}
