'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
// Mounts the transfer modal lazily (docs/spec.md §4): nothing of it is downloaded until someone asks to
// transfer or hovers a transfer button; requests made while it loads are replayed once it is ready.
import { createContext, lazy, type ReactNode, Suspense, use, useState } from 'react';
import { createLazyHandler, type LazyHandler } from './lazy-handler';
import type { TransferData } from './transfer-rules';

const importModal = () => import('./transfer-modal');
const LazyTransferModal = lazy(() => importModal().then((m) => ({ default: m.TransferModal })));

const TransferContext = createContext<LazyHandler<TransferData> | null>(null);

/** `request(data)` opens the modal; `preload()` fetches its code ahead of a likely click. */
export function useTransferModal(): Pick<LazyHandler<TransferData>, 'request' | 'preload'> {
  const handler = use(TransferContext);
  if (!handler) throw new Error('useTransferModal() needs <DashboardModals> (the dashboard layout).');
  return handler;
}

type Props = { user: Pick<UserJson, 'name' | 'username'>; teams: TeamJson[]; children: ReactNode };

export function TransferModalProvider({ user, teams, children }: Props) {
  const [wanted, setWanted] = useState(false);
  const [handler] = useState(() =>
    createLazyHandler<TransferData>(() => {
      setWanted(true);
      return importModal();
    }),
  );
  return (
    <TransferContext value={handler}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <LazyTransferModal register={handler.register} user={user} teams={teams} />
        </Suspense>
      )}
    </TransferContext>
  );
}
