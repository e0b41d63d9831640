'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
// Everything the dashboard opens over a page, mounted once by the dashboard layout and only for
// logged-in users (docs/spec.md §4, §6): the set-default-team, transfer (lazy) and upgrade modals, and the
// command menu with its internal commands for staff and preview environments, and the SAML sign-in
// modal a refused call opens (docs/spec.md §8).
import type { ReactNode } from 'react';
import { CommandMenuProvider } from '../command-menu/command-menu-provider';
import { DefaultTeamModalProvider } from '../default-team-modal';
import { TransferModalProvider } from '../transfer/transfer-provider';
import { UpgradeModal } from '../upgrade/upgrade-modal';
import { SamlRequiredListener } from './saml-required-listener';

type Props = { user: UserJson; teams: TeamJson[]; internal: boolean; children: ReactNode };

export function DashboardModals({ user, teams, internal, children }: Props) {
  return (
    <DefaultTeamModalProvider user={user} teams={teams}>
      <TransferModalProvider user={user} teams={teams}>
        <CommandMenuProvider user={user} teams={teams} internal={internal}>
          {children}
          <UpgradeModal user={user} teams={teams} />
          <SamlRequiredListener />
        </CommandMenuProvider>
      </TransferModalProvider>
    </DefaultTeamModalProvider>
  );
}
