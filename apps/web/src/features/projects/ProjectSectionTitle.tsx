import type { Project } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { ProjectLogo } from './ProjectLogo.tsx';

/** A project screen's title: the project (a link to its work items), then the section's name. */
export function ProjectSectionTitle({
  slug,
  project,
  section,
}: {
  slug: string;
  project: Project;
  section: string;
}) {
  return (
    <span className="flex items-center gap-2">
      <ProjectLogo project={project} size="sm" />
      <Link
        to="/$workspaceSlug/projects/$projectId/issues"
        params={{ workspaceSlug: slug, projectId: project.id }}
        className="text-fg-muted hover:text-fg"
      >
        {project.name}
      </Link>
      <span className="text-fg-subtle">/</span>
      {section}
    </span>
  );
}
