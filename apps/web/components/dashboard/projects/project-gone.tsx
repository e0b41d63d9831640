// A project page whose project is not in the URL's team (deleted, moved to another team, or never
// there): said plainly, without the project's tabs, with the way back to the team and, when one of
// the visitor's other teams has a project of that name, a link to it there.
import { NotFoundPage } from '../not-found-page';

export function ProjectGone({
  team,
  name,
  elsewhere,
}: {
  team: string;
  name: string;
  elsewhere: { slug: string; name: string }[];
}) {
  return (
    <NotFoundPage
      title="Project not found"
      links={[
        ...elsewhere.map((t) => ({ href: `/${t.slug}/${name}`, label: `Open it in ${t.name}` })),
        { href: `/${team}`, label: 'Back to projects' },
      ]}
    >
      <p>
        There is no project <strong className="font-mono text-foreground">{name}</strong> in this team: it was deleted,
        moved to another team, or never existed.
        {elsewhere.length > 0 && ' A team of yours has a project of that name.'}
      </p>
    </NotFoundPage>
  );
}
