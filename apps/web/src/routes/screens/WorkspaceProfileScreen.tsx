import { useParams } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/ProfileScreen.tsx';
import { profileSectionOf } from '../../features/profile/profileTabs.ts';

/** Both profile routes (`profile/$userId` and `profile/$userId/$tab`) render this screen. */
function WorkspaceProfileScreen() {
  const params = useParams({ strict: false }) as { workspaceSlug: string; userId: string; tab?: string };
  const tab = profileSectionOf(params.tab);
  return (
    <ProfileScreen
      key={`${params.workspaceSlug}/${params.userId}`}
      slug={params.workspaceSlug}
      userId={params.userId}
      tab={tab}
    />
  );
}

export const workspaceProfileScreen = WorkspaceProfileScreen;
