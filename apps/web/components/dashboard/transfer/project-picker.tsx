// The projects to move, as checkboxes in a fieldset, so a keyboard moves through them with Tab and
// toggles them with Space; "Select all" for the bulk transfer of a whole team.
import type { TransferProject } from './transfer-rules';

type Props = {
  projects: TransferProject[];
  loading: boolean;
  chosen: Set<string>;
  onChange: (next: Set<string>) => void;
};

export function ProjectPicker({ projects, loading, chosen, onChange }: Props) {
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const all = projects.length > 0 && projects.every((p) => chosen.has(p.id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Projects</legend>
      {loading && <p className="text-sm text-muted">Loading projects…</p>}
      {!loading && projects.length === 0 && (
        <p className="text-sm text-muted">This account has no projects to transfer.</p>
      )}
      {projects.length > 1 && (
        <label className="flex items-center gap-2 text-sm text-muted">
          <input
            type="checkbox"
            className="size-4 accent-foreground"
            checked={all}
            onChange={(e) => onChange(new Set(e.target.checked ? projects.map((p) => p.id) : []))}
          />
          Select all
        </label>
      )}
      {projects.length > 0 && (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
          {projects.map((project) => (
            <li key={project.id}>
              <label className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-subtle">
                <input
                  type="checkbox"
                  className="size-4 accent-foreground"
                  checked={chosen.has(project.id)}
                  onChange={(e) => toggle(project.id, e.target.checked)}
                />
                <span className="min-w-0 flex-1 truncate font-mono text-[13px]">{project.name}</span>
                {project.speedInsights?.enabled && <span className="text-xs text-muted">Speed Insights</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
