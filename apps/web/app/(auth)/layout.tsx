// Login, sign-up and the re-authentication pages: a quiet centred column with only the logo, so
// nothing competes with the form. The fraud-detection script runs here on the production host.
import type { ReactNode } from 'react';
import { RiskScript } from '@/components/risk-script';
import { HomeLogo } from '@/components/shell/logo';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <RiskScript />
      <header className="flex h-16 items-center px-6">
        <HomeLogo />
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 pt-[10vh] pb-16">
        {children}
      </main>
    </div>
  );
}
