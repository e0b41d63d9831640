'use client';
import { useToast } from '@nimbus/ui';
// Carries out a chosen command: links navigate, actions act. Failures of the internal commands
// become error toasts with the API's message (e.g. "Only Nimbus staff ...").
import { useRouter } from 'next/navigation';
import { useTheme } from 'next-themes';
import { api, errorMessage } from '../api';
import { openUpgradeModal } from '../upgrade/upgrade-store';
import type { Command } from './commands';
import {
  analyzeServerTiming,
  localhostUrl,
  openInAdmin,
  pprFallbackShellUrl,
  toggleDeployFreeze,
} from './internal-commands';

type Where = { team: { id: string; slug: string } | undefined; project: string | null };

export function useRunCommand({ team, project }: Where) {
  const router = useRouter();
  const { setTheme } = useTheme();
  const toast = useToast();
  const fail = (error: unknown) => void toast.error(errorMessage(error));

  return (command: Command) => {
    if (command.href) return router.push(command.href);
    switch (command.action) {
      case 'upgrade':
        return void openUpgradeModal({ source: 'command-menu', teamHint: team?.slug ?? null });
      case 'theme-dark':
      case 'theme-light':
      case 'theme-system':
        return setTheme(command.action.slice('theme-'.length));
      case 'log-out':
        return void api()('/auth/logout', { method: 'POST' }).then(() => window.location.assign('/login'), fail);
      case 'open-in-admin':
        return void (team && project && openInAdmin(team.id, project).catch(fail));
      case 'ppr-fallback-shell':
        return window.location.assign(pprFallbackShellUrl(window.location.href));
      case 'server-timing':
        return void analyzeServerTiming(window.location.href).then(
          (text) => toast.show({ text, type: 'success', preserve: true }),
          fail,
        );
      case 'deploy-freeze':
        return void toggleDeployFreeze(() => window.location.reload()).then(
          (ok) => ok || toast.error('Only Nimbus staff can toggle the deploy freeze branch.'),
          fail,
        );
      case 'open-on-localhost':
        return void window.open(localhostUrl(window.location), '_blank', 'noopener');
    }
  };
}
