// Personal accounts have no members (the API refuses invitations to them); say so and offer a team.

import { buttonClass, Card } from '@nimbus/ui';
import Link from 'next/link';

export function PersonalNoMembers() {
  return (
    <Card
      id="members"
      title="Members"
      description="Your personal account is just for you. To work with others, create a team and invite them to it."
      footer={
        <>
          <span>Teams can have any number of members.</span>
          <Link href="/new/team" className={buttonClass({ size: 'small', variant: 'primary' })}>
            Create a team
          </Link>
        </>
      }
    />
  );
}
