'use client';
// Which notices reach this person, by e-mail and to a Slack-compatible incoming-webhook URL
// (PATCH /v1/user/notifications). The URL is a secret: it is never shown back, only whether one is set.
import { TextField, useToast } from '@nimbus/ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../api';
import { SettingsForm } from '../settings-form';
import { useSubmit } from '../use-submit';

const LABELS: Record<string, string> = {
  'deployment.failed_production': 'A production deployment failed',
  'deployment.promoted': 'A deployment was promoted or rolled back to production',
  'domain.unhealthy': 'A domain stopped pointing at Nimbus',
};

export interface NotificationSettings {
  kinds: string[];
  email: string[];
  slack: string[];
  slackConfigured: boolean;
}

export function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const [email, setEmail] = useState(saved.email);
  const [slack, setSlack] = useState(saved.slack);
  const [slackUrl, setSlackUrl] = useState('');
  const { saving, error, run } = useSubmit();
  const router = useRouter();
  const toast = useToast();
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const dirty = !same(email, saved.email) || !same(slack, saved.slack) || slackUrl.trim() !== '';

  async function save(event: React.FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api()('/v1/user/notifications', {
        method: 'PATCH',
        body: { email, slack, ...(slackUrl.trim() ? { slackUrl: slackUrl.trim() } : {}) },
      });
      setSlackUrl('');
      toast.success('Notification settings saved.');
      router.refresh();
    });
  }

  const toggle = (list: string[], set: (v: string[]) => void, kind: string, on: boolean) =>
    set(on ? [...list, kind] : list.filter((k) => k !== kind));

  return (
    <SettingsForm
      id="notifications"
      title="Notifications"
      description="Choose what Nimbus tells you about the teams you are in, by e-mail and in Slack."
      note={saved.slackConfigured ? 'A Slack URL is set.' : 'No Slack URL yet.'}
      onSubmit={save}
      saving={saving}
      dirty={dirty}
    >
      <table className="text-left text-sm" aria-label="Notifications">
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1 pr-4 font-normal">Notice</th>
            <th className="py-1 pr-4 font-normal">E-mail</th>
            <th className="py-1 font-normal">Slack</th>
          </tr>
        </thead>
        <tbody>
          {saved.kinds.map((kind) => (
            <tr key={kind}>
              <td className="py-1 pr-4">{LABELS[kind] ?? kind}</td>
              <td className="py-1 pr-4">
                <input
                  type="checkbox"
                  aria-label={`E-mail: ${LABELS[kind] ?? kind}`}
                  checked={email.includes(kind)}
                  onChange={(e) => toggle(email, setEmail, kind, e.target.checked)}
                />
              </td>
              <td className="py-1">
                <input
                  type="checkbox"
                  aria-label={`Slack: ${LABELS[kind] ?? kind}`}
                  checked={slack.includes(kind)}
                  onChange={(e) => toggle(slack, setSlack, kind, e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TextField
        label="Slack incoming-webhook URL"
        className="mt-4 max-w-md"
        type="url"
        placeholder={
          saved.slackConfigured ? 'Set; enter a new one to replace it' : 'https://hooks.slack.com/services/…'
        }
        value={slackUrl}
        error={error}
        onChange={(e) => setSlackUrl(e.target.value)}
      />
    </SettingsForm>
  );
}
