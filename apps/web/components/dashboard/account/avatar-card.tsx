'use client';
import { Button, Card, Notice, useToast } from '@nimbus/ui';
// Uploads an avatar (PUT /api/v1/user/avatar, the file as the body). The server reads the content
// to decide whether it is an image, so any failure shows its words; removing it brings back the
// generated one.
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { api, errorMessage } from '../api';

const MAX_MB = 4;

export function AvatarCard({ avatar }: { avatar: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const toast = useToast();
  const uploaded = !/\/usr_[^/]*$/.test(avatar);

  async function send(file: File) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/v1/user/avatar', {
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      });
      const reply = await res.json().catch(() => null);
      if (!res.ok) throw new Error(reply?.error?.message ?? `The upload failed (${res.status}). Try again.`);
      toast.success('Your avatar was saved.');
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    await api()('/v1/user/avatar', { method: 'DELETE' });
    toast.success('Your avatar was removed.');
    router.refresh();
  }

  return (
    <Card
      id="avatar"
      title="Avatar"
      description={`A PNG, JPEG, WebP, GIF or AVIF image up to ${MAX_MB} MB, cut to a square.`}
      footer={
        <>
          <span>Shown to your teammates beside your name.</span>
          <span className="flex gap-2">
            {uploaded && (
              <Button size="small" variant="ghost" onClick={remove}>
                Remove
              </Button>
            )}
            <Button size="small" loading={busy} onClick={() => input.current?.click()}>
              Upload image
            </Button>
          </span>
        </>
      }
    >
      <div className="flex items-center gap-4">
        <img src={avatar} alt="Your avatar" width={64} height={64} className="rounded-full border border-border" />
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-label="Avatar image"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
        />
      </div>
      {error && <Notice>{error}</Notice>}
    </Card>
  );
}
