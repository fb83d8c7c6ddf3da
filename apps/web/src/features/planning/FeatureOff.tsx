import type { Project } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { Link } from '@tanstack/react-router';
import { PowerOff } from 'lucide-react';
import { buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** What a cycle, module, views or intake page shows while the project has the feature switched off. */
export function FeatureOff({
  slug,
  project,
  feature,
}: {
  slug: string;
  project: Project;
  feature: 'Cycles' | 'Modules' | 'Views' | 'Intake' | 'Pages';
}) {
  const admin = (project.member_role ?? 0) >= ROLE.ADMIN;
  // "Intake is", "Cycles are": the feature's name is a plural but for intake.
  const [is, them] = feature === 'Intake' ? ['is', 'it'] : ['are', 'them'];
  return (
    <main className="flex flex-1 items-center justify-center p-6" aria-label={feature}>
      <EmptyState
        icon={<PowerOff className="size-5" />}
        title={`${feature} ${is} turned off in ${project.name}`}
        description={
          admin
            ? `Turn ${them} on in the project's features to use ${them}.`
            : `A project admin can turn ${them} on in the project's features.`
        }
        action={
          admin ? (
            <Link
              to="/$workspaceSlug/settings/projects/$projectId/features"
              params={{ workspaceSlug: slug, projectId: project.id }}
              className={buttonClasses('primary', 'md')}
            >
              Open features
            </Link>
          ) : undefined
        }
      />
    </main>
  );
}
