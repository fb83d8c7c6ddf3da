/** The heading of an account settings page. */
export function SettingsPageTitle({ title, description }: { title: string; description: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="mt-1 text-sm text-fg-muted">{description}</p>
    </div>
  );
}
