'use client';
// The settings card every dashboard form shares: a titled Card inside a <form>, its fields in the
// body, and a footer with the hint on the left and Save on the right. Save shows only to people who
// may edit, is busy while saving and stays disabled until something changed, so a form cannot send
// what is already stored. The card's `id` is the anchor links and tests use (`#team-url`).
import { Button, Card } from '@nimbus/ui';
import type { FormEvent, ReactNode } from 'react';

export interface SettingsFormProps {
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** The footer's hint: the rule the field follows, or when the change applies. */
  note: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** False while the fields hold what is stored (or is not valid to send). */
  dirty: boolean;
  canEdit?: boolean;
  children: ReactNode;
}

export function SettingsForm({
  id,
  title,
  description,
  note,
  onSubmit,
  saving,
  dirty,
  canEdit = true,
  children,
}: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        id={id}
        title={title}
        description={description}
        footer={
          <>
            <span>{note}</span>
            {canEdit && (
              <Button type="submit" variant="primary" size="small" loading={saving} disabled={!dirty}>
                Save
              </Button>
            )}
          </>
        }
      >
        {children}
      </Card>
    </form>
  );
}
