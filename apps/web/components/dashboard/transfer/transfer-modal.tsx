'use client';
import type { TeamJson, UserJson } from '@nimbus/api';
import { Button, Field, Modal, Notice, Select, useToast } from '@nimbus/ui';
// The transfer modal (docs/spec.md §3, §4, §6), loaded lazily by TransferModalProvider: moves one or many
// projects from the source account to another of the user's accounts through the transfer API,
// warning when Speed Insights would become billed on a Pro destination.
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../api';
import { scopeName } from '../names';
import { ProjectPicker } from './project-picker';
import { speedInsightsWarning, type TransferData, type TransferProject, transferDestinations } from './transfer-rules';

type Props = {
  register: (handler: (data: TransferData) => void) => () => void;
  user: Pick<UserJson, 'name' | 'username'>;
  teams: TeamJson[];
};

export function TransferModal({ register, user, teams }: Props) {
  const [data, setData] = useState<TransferData | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [destinationId, setDestinationId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();

  useEffect(
    () =>
      register((next) => {
        setData(next);
        setChosen(new Set(next.projects.map((p) => p.id)));
        setDestinationId(
          next.destinationAccount?.id ?? transferDestinations(teams, next.sourceAccount.id)[0]?.id ?? '',
        );
        setError(null);
        setOpen(true);
      }),
    [register, teams],
  );

  const source = teams.find((t) => t.id === data?.sourceAccount.id);
  const destinations = data ? transferDestinations(teams, data.sourceAccount.id) : [];
  const destination = destinations.find((t) => t.id === destinationId);
  const listed = useSWR<{ projects: TransferProject[] }>(
    open && data && data.projects.length === 0 ? `/v10/projects?teamId=${data.sourceAccount.id}&limit=100` : null,
  );
  const projects = data?.projects.length ? data.projects : (listed.data?.projects ?? []);
  const selected = projects.filter((p) => chosen.has(p.id));
  const warned = speedInsightsWarning(source, destination, selected);

  async function transfer(event: React.FormEvent) {
    event.preventDefault();
    if (!data || !destination || selected.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const query = { teamId: data.sourceAccount.id };
      if (selected.length === 1)
        await api()(`/v1/projects/${selected[0]!.id}/transfer/${destination.id}`, { method: 'POST', query });
      else
        await api()(`/v1/projects/transfer/bulk/${destination.id}`, {
          method: 'POST',
          query,
          body: { projectIds: selected.map((p) => p.id) },
        });
      setOpen(false);
      const what = selected.length === 1 ? `"${selected[0]!.name}"` : `${selected.length} projects`;
      toast.success(`Moved ${what} to ${scopeName(destination, user)}.`);
      // On the moved project's own pages, follow it to its new home; elsewhere show the new lists.
      const moved = selected.find((p) => pathname.startsWith(`/${data.sourceAccount.slug}/${p.name}`));
      if (moved) router.push(`/${destination.slug}/${moved.name}`);
      else router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const close = () => !busy && setOpen(false);
  return (
    <Modal
      open={open}
      onClose={close}
      title={data?.projects.length === 1 ? `Transfer ${data.projects[0]!.name}` : 'Transfer projects'}
      description={
        source &&
        `Move projects from ${scopeName(source, user)} to another of your accounts, with their deployments and domains.`
      }
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="transfer-form"
            loading={busy}
            disabled={!destination || selected.length === 0}
          >
            Transfer
          </Button>
        </>
      }
    >
      <form id="transfer-form" onSubmit={transfer} className="flex flex-col gap-4">
        <ProjectPicker projects={projects} loading={listed.isLoading} chosen={chosen} onChange={setChosen} />
        {destinations.length ? (
          <Field label="Destination">
            {(control) => (
              <Select {...control} value={destinationId} onChange={(e) => setDestinationId(e.target.value)}>
                {destinations.map((t) => (
                  <option key={t.id} value={t.id}>
                    {scopeName(t, user)}
                    {t.personal ? ' (personal account)' : ''}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <Notice tone="note">
            You cannot create projects in any other account. Create a team, or ask for a role that can create projects.
          </Notice>
        )}
        {warned.length > 0 && destination && (
          <Notice tone="warning">
            Speed Insights is enabled on {warned.map((p) => p.name).join(', ')}. On {scopeName(destination, user)}, a
            Pro team, it is billed as part of the team&apos;s usage.
          </Notice>
        )}
        {error && <Notice>{error}</Notice>}
      </form>
    </Modal>
  );
}
