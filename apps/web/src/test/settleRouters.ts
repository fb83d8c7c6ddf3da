/** The part of a router the settling wait reads (kept import-free so test mocks still apply). */
interface Settling {
  state: { status: string };
}

const rendered = new Set<Settling>();

export function trackRouter(router: Settling): void {
  rendered.add(router);
}

/**
 * Waits until every router a test rendered has finished its navigation: route screens are lazy
 * chunks, and a transition that completes after the test environment is torn down fails the run.
 */
export async function settleRouters(): Promise<void> {
  const routers = [...rendered];
  rendered.clear();
  const deadline = Date.now() + 5000;
  for (const router of routers) {
    while (router.state.status !== 'idle' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
