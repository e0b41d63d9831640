// /design: the Nimbus design system, rendered live from @nimbus/ui: every component the package
// exports, in its variants, in whichever theme is active.

import { Badge, Button, buttonClass, Card, Input, Notice, Select, TextField } from '@nimbus/ui';
import type { Metadata } from 'next';
import { CopyDemo, ModalDemo, PopoverDemo, ToastDemo, TooltipDemo } from '@/components/marketing/design-demos';
import { PageIntro, Section } from '@/components/marketing/sections';

export const metadata: Metadata = {
  title: 'Design system',
  description:
    'The Nimbus design system, live: buttons, inputs, fields, cards, badges, notices, modals, toasts, popovers and tooltips from @nimbus/ui.',
};

function Example({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-border">
      <h3 className="border-b border-border px-5 py-3 text-sm font-medium">{title}</h3>
      <div className="flex flex-wrap items-center gap-3 p-5">{children}</div>
    </div>
  );
}

export default function DesignPage() {
  return (
    <main id="main">
      <PageIntro
        eyebrow="Design system"
        title="Components"
        lead="What you see below is @nimbus/ui itself, the package every dashboard page is built from. Switch the theme in the footer to see each component in dark and light."
      />
      <Section id="actions" title="Actions">
        <div className="grid gap-4 lg:grid-cols-2">
          <Example title="Button variants">
            <Button variant="primary">Primary</Button>
            <Button>Secondary</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="danger">Delete project</Button>
          </Example>
          <Example title="Button sizes (32, 40, 48 px) and states">
            <Button size="small">Small</Button>
            <Button size="medium">Medium</Button>
            <Button size="large">Large</Button>
            <Button loading>Deploying</Button>
            <Button disabled>Disabled</Button>
          </Example>
          <Example title="A link styled as a button">
            <a href="#actions" className={buttonClass({ variant: 'primary' })}>
              Go to actions
            </a>
          </Example>
          <Example title="Copy button">
            <CopyDemo />
          </Example>
        </div>
      </Section>
      <Section id="forms" title="Forms">
        <div className="grid gap-4 lg:grid-cols-2">
          <Example title="Field with hint and error">
            <div className="grid w-full gap-4">
              <TextField
                label="Team name"
                hint="Letters, numbers, spaces, underscores and dashes."
                defaultValue="Acme Web"
              />
              <TextField label="Slug" error="The slug &quot;docs&quot; is reserved." defaultValue="docs" />
            </div>
          </Example>
          <Example title="Input and select">
            <div className="grid w-full gap-3">
              <Input aria-label="Search projects" placeholder="Search projects…" />
              <Input aria-label="Small input" controlSize="small" placeholder="Small (32 px)" />
              <Input aria-label="Read-only URL" readOnly value="https://acme-k3j2h1.nimbus.app" />
              <Select aria-label="Role" defaultValue="MEMBER">
                {['OWNER', 'MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER'].map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </Select>
            </div>
          </Example>
        </div>
      </Section>
      <Section id="feedback" title="Status and feedback">
        <div className="grid gap-4 lg:grid-cols-2">
          <Example title="Badges">
            <Badge>Hobby</Badge>
            <Badge tone="blue">Pro</Badge>
            <Badge tone="green">Ready</Badge>
            <Badge tone="amber">Building</Badge>
            <Badge tone="red">Error</Badge>
          </Example>
          <Example title="Notices">
            <div className="grid w-full gap-3">
              <Notice tone="error">The build failed: output_not_found.</Notice>
              <Notice tone="warning">Copy this token now. You will not see it again.</Notice>
              <Notice tone="note">Invitations wait in the outbox until SMTP is configured.</Notice>
            </div>
          </Example>
          <Example title="Toasts">
            <ToastDemo />
          </Example>
          <Example title="Modal, popover and tooltip">
            <ModalDemo />
            <PopoverDemo />
            <TooltipDemo />
          </Example>
        </div>
      </Section>
      <Section id="surfaces" title="Surfaces">
        <div className="grid gap-4 lg:grid-cols-2">
          <Card
            id="card-demo"
            title="Project name"
            description="Used in the dashboard and in the URL of every deployment."
            footer={
              <>
                <span>Up to 100 characters.</span>
                <Button size="small" variant="primary">
                  Save
                </Button>
              </>
            }
          >
            <Input aria-label="Project name" defaultValue="marketing-site" />
          </Card>
          <Card
            id="card-danger"
            tone="danger"
            title="Delete team"
            description="Deletes every project and deployment of the team. This cannot be undone."
            footer={
              <>
                <span>Owners only.</span>
                <Button size="small" variant="danger">
                  Delete
                </Button>
              </>
            }
          />
        </div>
      </Section>
    </main>
  );
}
